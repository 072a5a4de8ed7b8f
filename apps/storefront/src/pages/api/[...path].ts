import type { NextApiRequest, NextApiResponse } from 'next';

/** The body is never read. */
export const config = { api: { bodyParser: false } };

/** Any other address under /api: a JSON 404 (Next would answer its HTML 404 page). */
export default function unknownApiRoute(_request: NextApiRequest, response: NextApiResponse) {
  response.status(404).json({ message: 'No API route at this address', status: 404 });
}
