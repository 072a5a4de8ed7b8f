import { useEffect, useRef, useState } from 'react';
import { useMessages } from '../../i18n/i18n-context.tsx';
import { estimateImport, type ImportProgressReport } from '../../lib/admin/import-progress.ts';
import css from './catalogue-upload.module.css';
import styles from './console.module.css';
import { ConsoleStatusLine } from './console-status.tsx';
import { type UploadState, useCatalogueUpload } from './use-catalogue-upload.ts';

/**
 * A catalogue file sent to the shop's import, followed with a progress bar (share of the file read and
 * checked, products, rate, time left; then the search index update), a cancel while cancelling still applies
 * nothing, and the end state: what was imported, or each bad record with its reason.
 */
export function CatalogueUpload() {
  const text = useMessages().admin.console.catalogue;
  const { state, start, cancel } = useCatalogueUpload();
  const [replace, setReplace] = useState(false);
  const running = state.kind === 'running';
  const input = useRef<HTMLInputElement>(null);
  const upload = () => {
    const file = input.current?.files?.[0];
    if (!file || !input.current) return;
    input.current.value = '';
    void start(file, replace);
  };
  // A file chosen before the page's script ran (a slow connection) is sent as soon as it runs.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, at the first render in the browser
  useEffect(upload, []);
  return (
    <>
      <div className={styles.inline}>
        <label className={styles.field}>
          <span>{text.upload}</span>
          <input
            type="file"
            ref={input}
            accept=".json,.ndjson,.jsonl,application/json"
            onChange={upload}
            disabled={running}
          />
        </label>
        <label className={styles.choice}>
          <input
            type="checkbox"
            checked={replace}
            disabled={running}
            onChange={(event) => setReplace(event.target.checked)}
          />
          {text.uploadReplace}
        </label>
      </div>
      {state.kind !== 'idle' && <UploadProgress state={state} onCancel={cancel} />}
      {state.kind === 'finished' && <UploadOutcome state={state} />}
    </>
  );
}

/** The bar, its figures, the cancel button, and a live region that says each step once. */
function UploadProgress(props: {
  readonly state: Exclude<UploadState, { kind: 'idle' }>;
  readonly onCancel: () => void;
}) {
  const text = useMessages().admin.console.upload;
  const { state } = props;
  const report = state.report;
  if (state.kind === 'finished' && !state.ok) return null;
  const indexing = report.phase === 'indexing';
  const estimate = estimateImport(report);
  const figures = indexing
    ? text.indexingDetail(report.products)
    : text.progress(
        estimate.percent,
        report.products,
        estimate.productsPerSecond,
        estimate.secondsLeft === null ? null : text.seconds(estimate.secondsLeft),
      );
  const phaseLabel = report.phase === 'reading' ? text.reading : text.indexing;
  return (
    <div className={`${css.progress} ${indexing ? css.indexing : ''}`}>
      <p className={css.label} id="upload-label">
        {text.importing(state.fileName)}
        {state.kind === 'running' ? ` — ${phaseLabel}` : ''}
      </p>
      <div
        role="progressbar"
        aria-labelledby="upload-label"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={estimate.percent}
        aria-valuetext={
          state.kind === 'running' ? `${phaseLabel}: ${figures}` : `${estimate.percent} %`
        }
        className={css.track}
      >
        <div className={css.fill} style={{ width: `${estimate.percent}%` }} />
      </div>
      {state.kind === 'running' && <p className={css.figures}>{figures}</p>}
      <ProgressAnnouncer report={report} running={state.kind === 'running'} />
      {state.kind === 'running' && report.phase === 'reading' && (
        <div className={styles.inline}>
          <button
            type="button"
            className={styles.secondary}
            onClick={props.onCancel}
            disabled={state.cancelling}
          >
            {state.cancelling ? text.cancelling : text.cancel}
          </button>
          <span className={styles.muted}>{text.cancelHint}</span>
        </div>
      )}
    </div>
  );
}

/** Says the reading's quarters and the index update once each (a bar's changes are not announced). */
function ProgressAnnouncer(props: {
  readonly report: ImportProgressReport;
  readonly running: boolean;
}) {
  const text = useMessages().admin.console.upload;
  const [said, setSaid] = useState('');
  const lastQuarter = useRef(0);
  const { phase } = props.report;
  const quarter = Math.floor(estimateImport(props.report).percent / 25);
  useEffect(() => {
    if (!props.running) return;
    if (phase === 'indexing') setSaid(text.indexing);
    else if (quarter > lastQuarter.current && quarter < 4) setSaid(text.announce(quarter * 25));
    lastQuarter.current = quarter;
  }, [phase, quarter, props.running, text]);
  return (
    <p className={styles.srOnly} aria-live="polite">
      {said}
    </p>
  );
}

/** How the upload ended: imported (a status), refused with each bad record, cancelled or failed (alerts). */
function UploadOutcome({ state }: { readonly state: Extract<UploadState, { kind: 'finished' }> }) {
  const messages = useMessages().admin.console;
  const text = messages.upload;
  const answer = state.answer;
  if (state.cancelled) return <ConsoleStatusLine status={{ tone: 'ok', text: text.cancelled }} />;
  if (state.ok) {
    const products = answer?.products ?? state.report.products;
    const line = answer
      ? text.imported(
          products,
          answer.removed !== undefined && answer.removed > 0 ? answer.removed : null,
          answer.search?.status !== 'pending',
        )
      : text.tooLate(products);
    return <ConsoleStatusLine status={{ tone: 'ok', text: line }} />;
  }
  const errors = answer?.errors ?? [];
  if (errors.length === 0 && state.report.phase !== 'refused') {
    return (
      <ConsoleStatusLine
        status={{
          tone: 'error',
          text: text.failed(answer?.message ?? messages.errors.unavailable),
        }}
      />
    );
  }
  return (
    <>
      <ConsoleStatusLine
        status={{ tone: 'error', text: `${text.refusedTitle} ${answer?.message ?? ''}` }}
      />
      {errors.length > 0 && (
        <ol className={`${styles.error} ${css.errors}`} aria-label={messages.catalogue.refused}>
          {errors.map((error) => (
            // Counted from 1, as `npm run import` reports them.
            <li key={`${error.position}-${error.path}-${error.reason}`}>
              {messages.catalogue.record(error.position + 1, error.path, error.reason)}
            </li>
          ))}
        </ol>
      )}
    </>
  );
}
