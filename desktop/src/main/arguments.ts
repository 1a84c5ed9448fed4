/**
 * The arguments of each invoke channel, as a tuple schema (extra or missing arguments are refused):
 * checked in the main process by the IPC gate (ipc.ts). Kept out of the contract so that zod is
 * never bundled into the preload.
 */
import { z } from 'zod';
import { CHANNELS, MAX_STORE_BYTES, STORE_NAMES, type InvokeChannel } from '../bridge/contract';

const count = z.number().int().min(0).max(1_000_000);

export const ARGUMENTS: { readonly [Channel in InvokeChannel]: z.ZodType<unknown[]> } = {
  [CHANNELS.getServerUrl]: z.tuple([]),
  [CHANNELS.setServerUrl]: z.tuple([z.string().min(1).max(2048)]),
  [CHANNELS.getToken]: z.tuple([]),
  [CHANNELS.setToken]: z.tuple([z.string().min(1).max(8192)]),
  [CHANNELS.clearToken]: z.tuple([]),
  [CHANNELS.readStore]: z.tuple([z.enum(STORE_NAMES)]),
  [CHANNELS.writeStore]: z.tuple([z.enum(STORE_NAMES), z.string().max(MAX_STORE_BYTES)]),
  [CHANNELS.isStoreEncrypted]: z.tuple([]),
  [CHANNELS.openExternal]: z.tuple([z.string().min(1).max(2048)]),
  [CHANNELS.getAppVersion]: z.tuple([]),
  [CHANNELS.isOnline]: z.tuple([]),
  [CHANNELS.installUpdate]: z.tuple([]),
  [CHANNELS.reportUnreadMessages]: z.tuple([count, count]),
};
