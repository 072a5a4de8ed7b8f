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

interface VitrineDocumentProps {
  readonly locale: Locale;
}

export default class VitrineDocument extends Document<VitrineDocumentProps> {
  static override async getInitialProps(
    context: DocumentContext,
  ): Promise<DocumentInitialProps & VitrineDocumentProps> {
    const initialProps = await Document.getInitialProps(context);
    return { ...initialProps, locale: localeOfPath(context.req?.url ?? context.asPath ?? '/') };
  }

  override render() {
    return (
      <Html lang={this.props.locale}>
        <HeadWithScriptsAfterPaint>
          <meta name="theme-color" content="#1f5f5b" />
        </HeadWithScriptsAfterPaint>
        <body>
          <Main />
          <NextScript />
        </body>
      </Html>
    );
  }
}
