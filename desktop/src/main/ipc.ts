/**
 * One ipcMain.handle per invoke channel of the contract, all behind one gate: the sender frame must
 * be the console (app://console, or the dev server in development) and the arguments must match the
 * channel's tuple schema exactly. A refusal or a failure rejects the renderer's invoke with a plain
 * Error; nothing thrown here can take the main process down, and logs never carry argument values.
 */
import { CHANNELS, type DesktopBridge, type InvokeChannel } from '../bridge/contract';
import { ARGUMENTS } from './arguments';
import { describeError, describeUrl, type Logger } from './log';

/** The bridge functions that answer (the listeners, `on…`, hear the event channels that go the other way). */
export type InvokeName = Exclude<keyof DesktopBridge, `on${string}`>;

export type MainHandlers = {
  [Name in InvokeName]: (...args: Parameters<DesktopBridge[Name]>) => ReturnType<DesktopBridge[Name]>;
};

export const INVOKE_NAMES = (Object.keys(CHANNELS) as (keyof typeof CHANNELS)[]).filter(
  (name): name is InvokeName => CHANNELS[name] in ARGUMENTS,
);

/** A failure whose message is written for the person at the keyboard and may reach the renderer. */
export class UserFacingError extends Error {
  override name = 'UserFacingError';
}

export interface IpcGateOptions {
  isTrustedSender(url: string): boolean;
  log: Logger;
}

/** The part of an invoke event the gate reads (Electron's IpcMainInvokeEvent has it). */
interface InvokeEvent {
  readonly senderFrame: { readonly url: string } | null;
}

/** Electron's ipcMain, as far as this module uses it. */
export interface InvokeRegistry {
  handle(channel: string, listener: (event: InvokeEvent, ...args: unknown[]) => Promise<unknown>): void;
}

function senderUrl(event: InvokeEvent): string {
  try {
    return event.senderFrame?.url ?? '';
  } catch {
    // The frame navigated away or was destroyed while the message was in flight.
    return '';
  }
}

export function registerIpcHandlers(
  ipcMain: InvokeRegistry,
  handlers: MainHandlers,
  options: IpcGateOptions,
): InvokeChannel[] {
  const { log } = options;
  return INVOKE_NAMES.map((name) => {
    const channel: InvokeChannel = CHANNELS[name];
    const handler = handlers[name] as (...args: unknown[]) => Promise<unknown>;
    ipcMain.handle(channel, async (event, ...args: unknown[]) => {
      const url = senderUrl(event);
      if (!options.isTrustedSender(url)) {
        log.warn(`refused ${channel} from ${url ? describeUrl(url) : 'an unknown frame'}`);
        throw new Error(`${channel} is only available to the console.`);
      }
      const parsed = ARGUMENTS[channel].safeParse(args);
      if (!parsed.success) {
        const issues = parsed.error.issues.map((issue) => `${issue.path.join('.') || 'arguments'}: ${issue.code}`);
        log.warn(`refused ${channel}: ${issues.join(', ')}`);
        throw new Error(`Invalid arguments for ${channel}.`);
      }
      try {
        return await handler(...parsed.data);
      } catch (error) {
        log.error(`${channel} failed (${describeError(error)})`);
        throw new Error(error instanceof UserFacingError ? error.message : `${channel} failed.`);
      }
    });
    return channel;
  });
}
