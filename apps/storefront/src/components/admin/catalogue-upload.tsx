import { type ReasonFields, reasonText } from '@vitrine/catalogue/record-reasons';
import { useEffect, useId, useRef, useState } from 'react';
import { useMessages } from '../../i18n/i18n-context.tsx';
import {
  estimateImport,
  estimateIndexing,
  type ImportEstimate,
  type ImportProgressReport,
} from '../../lib/admin/import-progress.ts';
import { isUploadProblemCode } from '../../lib/admin/upload-problems.ts';
import css from './catalogue-upload.module.css';
import styles from './console.module.css';
import { ConsoleStatusLine } from './console-status.tsx';
import { type ImportAnswer, type UploadState, useCatalogueUpload } from './use-catalogue-upload.ts';

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

/** The two steps' bars and figures, the cancel button, and a live region that says each step once. */
function UploadProgress(props: {
  readonly state: Exclude<UploadState, { kind: 'idle' }>;
  readonly onCancel: () => void;
}) {
  const text = useMessages().admin.console.upload;
  const { state } = props;
  const report = state.report;
  const labelId = useId();
  if (state.kind === 'finished' && !state.ok) return null;
  const running = state.kind === 'running';
  const reading = report.phase === 'reading';
  const read = estimateImport(report);
  const readFigures = reading
    ? text.progress(read.percent, report.products, read.productsPerSecond, left(text, read))
    : text.readDone(report.products);
  const index = estimateIndexing(report);
  const indexFigures =
    report.indexed === false
      ? text.indexBehind
      : index === null
        ? text.indexStarting
        : report.index?.total === 0
          ? text.indexNothing
          : text.indexProgress(
              report.index?.products ?? report.products,
              report.index?.total ?? report.products,
              index.productsPerSecond,
              running ? left(text, index) : null,
            );
  return (
    <section className={css.progress} aria-labelledby={labelId}>
      <p className={css.label} id={labelId}>
        {text.importing(state.fileName)}
      </p>
      <ProgressStep
        label={text.step(1, text.reading)}
        estimate={read}
        figures={readFigures}
        active={running && reading}
      />
      {!reading && (
        <ProgressStep
          label={text.step(2, text.indexing)}
          estimate={index ?? { percent: 0, productsPerSecond: 0, secondsLeft: null }}
          figures={indexFigures}
          active={running}
        />
      )}
      <ProgressAnnouncer report={report} running={running} />
      {running && reading && (
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
    </section>
  );
}

type UploadText = ReturnType<typeof useMessages>['admin']['console']['upload'];

function left(text: UploadText, estimate: ImportEstimate): string | null {
  return estimate.secondsLeft === null || estimate.secondsLeft === 0
    ? null
    : text.seconds(estimate.secondsLeft);
}

/** One step's name, bar (its value and figures readable by assistive technology) and figures. */
function ProgressStep(props: {
  readonly label: string;
  readonly estimate: ImportEstimate;
  readonly figures: string;
  readonly active: boolean;
}) {
  const id = useId();
  return (
    <div className={`${css.step} ${props.active ? css.active : ''}`}>
      <p className={css.stepLabel} id={id}>
        {props.label}
      </p>
      <div
        role="progressbar"
        aria-labelledby={id}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={props.estimate.percent}
        aria-valuetext={`${props.estimate.percent} % · ${props.figures}`}
        className={css.track}
      >
        <div className={css.fill} style={{ width: `${props.estimate.percent}%` }} />
      </div>
      <p className={css.figures}>{props.figures}</p>
    </div>
  );
}

/** Says each quarter of each step once (a bar's changes are not announced), politely. */
function ProgressAnnouncer(props: {
  readonly report: ImportProgressReport;
  readonly running: boolean;
}) {
  const text = useMessages().admin.console.upload;
  const [said, setSaid] = useState('');
  // The last quarter said of each step (-1: the index update has not counted its work yet).
  const lastQuarter = useRef({ reading: 0, indexing: -2 });
  const reading = props.report.phase === 'reading';
  const estimate = reading ? estimateImport(props.report) : estimateIndexing(props.report);
  const quarter = estimate === null ? -1 : Math.floor(estimate.percent / 25);
  useEffect(() => {
    const step = reading ? 'reading' : 'indexing';
    if (!props.running || quarter <= lastQuarter.current[step]) return;
    lastQuarter.current[step] = quarter;
    if (quarter >= 4) return; // the end state says it
    if (reading) setSaid(text.announce(quarter * 25));
    else setSaid(quarter <= 0 ? text.indexing : text.announceIndex(quarter * 25));
  }, [reading, quarter, props.running, text]);
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
    const indexed = answer ? answer.search?.status !== 'pending' : state.report.indexed !== false;
    const line = answer
      ? text.imported(
          products,
          answer.removed !== undefined && answer.removed > 0 ? answer.removed : null,
          indexed,
        )
      : text.tooLate(products);
    return (
      <>
        <ConsoleStatusLine status={{ tone: 'ok', text: line }} />
        {!indexed && <ConsoleStatusLine status={{ tone: 'error', text: text.indexFailed }} />}
      </>
    );
  }
  const errors = answer?.errors ?? [];
  if (errors.length === 0 && state.report.phase !== 'refused') {
    const reason = answer ? sayAnswer(answer, text) : messages.errors.unavailable;
    return <ConsoleStatusLine status={{ tone: 'error', text: text.failed(reason) }} />;
  }
  return (
    <>
      <ConsoleStatusLine
        status={{
          tone: 'error',
          text: `${text.refusedTitle} ${answer ? sayAnswer(answer, text) : ''}`,
        }}
      />
      {errors.length > 0 && (
        <ol className={`${styles.error} ${css.errors}`} aria-label={messages.catalogue.refused}>
          {errors.map((error) => (
            // Counted from 1, as `npm run import` reports them.
            <li key={`${error.position}-${error.path}-${error.reason}`}>
              {messages.catalogue.record(
                error.position + 1,
                error.path,
                sayReason(error, text) ?? error.reason,
              )}
            </li>
          ))}
        </ol>
      )}
    </>
  );
}

/** A reason in the page's language when its code is known (a newer server's may not be): else `undefined`. */
function sayReason(
  problem: { readonly code?: string; readonly params?: unknown },
  text: UploadText,
): string | undefined {
  const { code, params } = problem;
  if (code === undefined || !Object.hasOwn(text.reasons, code) || typeof params !== 'object') {
    return undefined;
  }
  const reason = reasonText({ code, params } as ReasonFields, text.reasons);
  return code.startsWith('file.') ? text.fileUnreadable(reason) : reason;
}

/** The answer's message in the page's language: a catalogue reason, an upload problem, else as sent. */
function sayAnswer(answer: ImportAnswer, text: UploadText): string {
  if (isUploadProblemCode(answer.code)) return text.problems[answer.code];
  return sayReason(answer, text) ?? answer.message ?? text.problems['upload.failed'];
}
