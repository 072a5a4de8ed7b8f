import type { ChildProcess } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { stopProcess, waitForHttp } from './processes.ts';
import {
  type CrashHistory,
  defaultRestartPolicy,
  noCrashes,
  planRestart,
  type RestartPolicy,
} from './restart-policy.ts';

export interface SupervisorOptions {
  /** How the logs name the process ("search service"). */
  readonly name: string;
  /** Spawns the process, with the same environment each time. */
  readonly spawn: () => ChildProcess;
  /** Answers 2xx once the process serves. */
  readonly healthUrl: string;
  /**
   * Which health answers count as serving (default: 2xx). The search service answers 503 while it loads its
   * indices and already serves then (503 to searches, writes queued), however long the loading takes.
   */
  readonly serving?: (status: number) => boolean;
  /** Holds the running process's pid (written at each start, removed when it exits). */
  readonly pidFile?: string;
  /** What to look at when the process keeps crashing (printed with the crash-loop message). */
  readonly crashLoopHint: string;
  readonly policy?: RestartPolicy;
  readonly log?: (line: string) => void;
  /**
   * How long `stop` waits after SIGTERM before SIGKILL (default 10 s). The search service writes its persisted
   * build at a clean stop (1.25 GB at 100,000 products): killed half-way, its next start rebuilds from the store.
   */
  readonly stopGraceMs?: number;
  /** The process exited with code 0 without being asked to (something stopped it on purpose). */
  readonly onCleanExit?: () => void;
}

/**
 * Runs one process of `npm start` and restarts it when it crashes (a non-zero exit or a signal), after the
 * wait `restart-policy.ts` plans. The first start must succeed: a process that exits before it first
 * answers its health check is a start-up problem (port taken, data folder locked, no build), which
 * restarting would not fix, so `start` rejects. `stop` stops it for good: no restart happens afterwards.
 */
export class Supervisor {
  private child: ChildProcess | undefined;
  private history: CrashHistory = noCrashes;
  private restartTimer: ReturnType<typeof setTimeout> | undefined;
  private stopping = false;
  /** The first start answered its health check: from then on a crash is restarted. */
  private started = false;
  private startedAt = 0;
  private readonly policy: RestartPolicy;
  private readonly log: (line: string) => void;
  private readonly options: SupervisorOptions;

  constructor(options: SupervisorOptions) {
    this.options = options;
    this.policy = options.policy ?? defaultRestartPolicy;
    this.log = options.log ?? ((line) => console.log(`[supervisor] ${line}`));
  }

  /** The running process's pid (`undefined` between a crash and its restart). */
  get pid(): number | undefined {
    return this.child?.pid;
  }

  /** Starts the process and resolves once it answers its health check. */
  async start(timeoutMs: number): Promise<void> {
    const child = this.spawnSupervised();
    await waitForHttp(this.options.healthUrl, child, timeoutMs, this.options.serving);
    this.started = true;
    // It may have exited between its answer and now, while an exit was still a start-up failure.
    if (!this.stopping && (child.exitCode !== null || child.signalCode !== null))
      this.afterExit(child, child.exitCode, child.signalCode);
  }

  /** Stops the process (SIGTERM, then SIGKILL after `graceMs`) and cancels any planned restart. */
  async stop(graceMs = this.options.stopGraceMs): Promise<void> {
    this.stopping = true;
    clearTimeout(this.restartTimer);
    if (this.child) await stopProcess(this.child, graceMs);
  }

  private spawnSupervised(): ChildProcess {
    const child = this.options.spawn();
    this.child = child;
    this.startedAt = Date.now();
    if (this.options.pidFile && child.pid !== undefined)
      writeFileSync(this.options.pidFile, `${child.pid}\n`);
    child.once('exit', (code, signal) => this.onExit(child, code, signal));
    return child;
  }

  private onExit(child: ChildProcess, code: number | null, signal: NodeJS.Signals | null): void {
    if (this.child !== child) return;
    this.child = undefined;
    if (this.options.pidFile) rmSync(this.options.pidFile, { force: true });
    // Before its first answer `start` reports the exit; once stopping, an exit is what was asked for.
    if (!this.stopping && this.started) this.afterExit(child, code, signal);
  }

  private afterExit(child: ChildProcess, code: number | null, signal: NodeJS.Signals | null): void {
    if (code === 0) {
      this.log(`the ${this.options.name} stopped on its own (exit code 0): stopping Vitrine`);
      this.options.onCleanExit?.();
      return;
    }
    this.planRestart(child.pid, signal ? `signal ${signal}` : `exit code ${code}`);
  }

  private planRestart(pid: number | undefined, cause: string): void {
    const crash = { startedAt: this.startedAt, crashedAt: Date.now() };
    const plan = planRestart(this.history, crash, this.policy);
    this.history = plan.history;
    const { name } = this.options;
    this.log(
      `the ${name} (pid ${pid}) crashed (${cause}); restart attempt ${plan.attempt} in ` +
        `${formatSeconds(plan.delayMs)} (${plan.crashesInWindow} crash${plan.crashesInWindow === 1 ? '' : 'es'} ` +
        `in the last ${formatMinutes(this.policy.crashLoopWindowMs)})`,
    );
    if (plan.announceCrashLoop) {
      this.log(
        `the ${name} keeps crashing: ${plan.crashesInWindow} crashes in ${formatMinutes(this.policy.crashLoopWindowMs)}. ` +
          `Vitrine keeps restarting it, at most every ${formatSeconds(this.policy.maxDelayMs)}, until it stays up. ` +
          `Look at its last lines above (and before each crash): ${this.options.crashLoopHint}`,
      );
    }
    this.restartTimer = setTimeout(() => this.restart(plan.attempt), plan.delayMs);
  }

  private restart(attempt: number): void {
    if (this.stopping) return;
    const child = this.spawnSupervised();
    this.log(`restarted the ${this.options.name} (pid ${child.pid}, attempt ${attempt})`);
    waitForHttp(this.options.healthUrl, child, 10 * 60_000, this.options.serving).then(
      () => !this.stopping && this.log(`the ${this.options.name} answers again`),
      () => {
        // It crashed again (the exit handler plans the next restart) or never answered: nothing to add.
      },
    );
  }
}

function formatSeconds(ms: number): string {
  return `${Math.round(ms / 100) / 10} s`;
}

function formatMinutes(ms: number): string {
  const minutes = Math.round(ms / 6_000) / 10;
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}
