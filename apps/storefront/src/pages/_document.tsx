import Document, {
  type DocumentContext,
  type DocumentInitialProps,
  Html,
  Main,
  NextScript,
} from 'next/document';
import { HeadWithScriptsAfterPaint } from '../components/document/head-with-scripts-after-paint.tsx';
import type { Locale } from '../i18n/locale.ts';
import { localeOfPath } from '../i18n/routes.ts';
import { nonceOfRequest } from '../server/http/security-headers.ts';

interface VitrineDocumentProps {
  readonly locale: Locale;
  /** The nonce of the page's Content-Security-Policy (set per request by the storefront's listener). */
  readonly nonce: string | undefined;
}

export default class VitrineDocument extends Document<VitrineDocumentProps> {
  static override async getInitialProps(
    context: DocumentContext,
  ): Promise<DocumentInitialProps & VitrineDocumentProps> {
    const initialProps = await Document.getInitialProps(context);
    return {
      ...initialProps,
      locale: localeOfPath(context.req?.url ?? context.asPath ?? '/'),
      nonce: nonceOfRequest(context.req?.headers),
    };
  }

  override render() {
    const nonce = this.props.nonce === undefined ? {} : { nonce: this.props.nonce };
    return (
      <Html lang={this.props.locale}>
        <HeadWithScriptsAfterPaint {...nonce}>
          <meta name="theme-color" content="#1f5f5b" />
        </HeadWithScriptsAfterPaint>
        <body>
          <Main />
          <NextScript {...nonce} />
        </body>
      </Html>
    );
  }
}
