/**
 * The sandboxed preload: it exposes the typed bridge and nothing else. Built as one CommonJS file
 * (out/preload/index.cjs), since a sandboxed preload cannot load modules or ES modules.
 */
import { contextBridge, ipcRenderer } from 'electron';
import { BRIDGE_KEY } from '../bridge/contract';
import { createBridge } from './bridge';

contextBridge.exposeInMainWorld(BRIDGE_KEY, createBridge(ipcRenderer));
