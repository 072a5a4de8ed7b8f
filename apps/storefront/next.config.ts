import type { NextConfig } from 'next';

const nextConfig = {
  // VITRINE_NEXT_DIST_DIR gives a run its own build folder (the e2e suite builds into `.next-e2e-<port>`), so a
  // test run never rebuilds under a storefront that `npm start` is serving.
  distDir: process.env['VITRINE_NEXT_DIST_DIR'] ?? '.next',
  reactStrictMode: true,
  poweredByHeader: false,
  // Workspace packages ship TypeScript source (STYLE §1): Next compiles them with the app.
  transpilePackages: ['@vitrine/catalogue', '@vitrine/database'],
  images: {
    // Product photos live in public/images (the Luma sample is 258 × 320).
    localPatterns: [{ pathname: '/images/**' }],
    deviceSizes: [390, 640, 828, 1080, 1280],
    imageSizes: [96, 128, 160, 258, 320, 516],
  },
} satisfies NextConfig;

export default nextConfig;
