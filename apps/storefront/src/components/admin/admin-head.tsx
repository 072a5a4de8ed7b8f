import Head from 'next/head';

/** The merchant pages' title; they stay out of search engines and have no language alternates. */
export function AdminHead({ title }: { readonly title: string }) {
  return (
    <Head>
      <title>{`${title} · Vitrine`}</title>
      <meta name="robots" content="noindex, nofollow" />
    </Head>
  );
}
