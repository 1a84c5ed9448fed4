import { describe, expect, it } from 'vitest';
import { externalOpenDialog, leaveDialog, PROCEED, serverChangeDialog, updateCheckDialog } from './dialogs';

describe('externalOpenDialog', () => {
  it('names the host and the server, and defaults to Cancel', () => {
    const options = externalOpenDialog('docs.example.com', 'https://nutrition.example.org');
    expect(options.message).toBe('Open docs.example.com in your browser?');
    expect(options.detail).toContain("not your organisation's server (nutrition.example.org)");
    expect(options.buttons?.[PROCEED]).toBe('Open docs.example.com');
    expect(options).toMatchObject({ defaultId: 1, cancelId: 1 });
  });
});

describe('serverChangeDialog', () => {
  it('names both servers and says the session and the kept data go', () => {
    const options = serverChangeDialog({ from: 'https://a.example', to: 'https://b.example:8443' });
    expect(options.message).toBe('Connect the console to b.example:8443?');
    expect(options.detail).toBe('You will be signed out, and what this computer kept for a.example is removed.');
    expect(options.buttons).toEqual(['Change server', 'Cancel']);
    expect(options).toMatchObject({ type: 'warning', defaultId: 1, cancelId: 1 });
  });

  it('names how many waiting changes would be lost', () => {
    expect(serverChangeDialog({ from: 'https://a.example', to: 'https://b.example', waitingChanges: 3 })).toMatchObject(
      {
        detail: expect.stringContaining('3 changes waiting to be sent to a.example would be lost.'),
        buttons: ['Change server and lose them', 'Cancel'],
      },
    );
    expect(serverChangeDialog({ from: 'https://a.example', to: 'https://b.example', waitingChanges: 1 })).toMatchObject(
      {
        detail: expect.stringContaining('1 change waiting'),
        buttons: ['Change server and lose it', 'Cancel'],
      },
    );
  });

  it('says changes locked until the keychain is available would be lost, their number being unknown', () => {
    const options = serverChangeDialog({
      from: 'https://a.example',
      to: 'https://b.example',
      waitingChanges: 'locked',
    });
    expect(options.detail).toContain('locked until the keychain is available: they would be lost');
    expect(options.buttons).toEqual(['Change server and lose them', 'Cancel']);
    expect(options).toMatchObject({ defaultId: 1, cancelId: 1 });
  });
});

describe('leaveDialog', () => {
  it('asks before unsaved input or a change not yet on disk goes, defaulting to staying', () => {
    const options = leaveDialog();
    expect(options.message).toBe('Discard unsaved changes?');
    expect(options.detail).toContain('not saved on this computer yet');
    expect(options.buttons?.[PROCEED]).toBe('Discard');
    expect(options).toMatchObject({ defaultId: 1, cancelId: 1 });
  });
});

describe('updateCheckDialog', () => {
  it('says what the check found', () => {
    expect(updateCheckDialog({ state: 'up-to-date' }, '1.0.0')).toMatchObject({
      message: 'The console is up to date',
      detail: 'Version 1.0.0 is the latest.',
    });
    expect(updateCheckDialog({ state: 'downloading', version: '1.1.0' }, '1.0.0').message).toBe(
      'Version 1.1.0 is on its way',
    );
    expect(updateCheckDialog({ state: 'ready', version: '1.1.0' }, '1.0.0').detail).toContain('Restart to update');
    expect(updateCheckDialog({ state: 'failed' }, '1.0.0').detail).toContain('every few hours');
    expect(updateCheckDialog(null, '1.0.0').message).toBe('Updates are off');
  });
});
