/**
 * The super admin's "Require two-factor sign-in for all staff" (issue 11). Staff without it are taken
 * to its setup at their next sign-in; sessions already signed in stay (the switch signs no one out).
 */
import { Switch } from '@blueprintjs/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../api/client';
import { describeError } from '../../api/errors';
import { notifyFailure, notifySuccess } from '../../ui/toaster';

const SETTINGS_KEY = ['settings', 'security'] as const;

export function RequireTwoFactorSwitch() {
  const queryClient = useQueryClient();
  // The choice just made, shown from the click on (the mutation's own state reaches React a task
  // later, so the switch would flick back for a moment); the stored value again once the save settles.
  const [choice, setChoice] = useState<boolean | null>(null);
  const settings = useQuery({ queryKey: SETTINGS_KEY, queryFn: () => api.admin.securitySettings.get() });
  const save = useMutation({
    mutationFn: (requireTwoFactor: boolean) => api.admin.securitySettings.put({ requireTwoFactor }),
    onSuccess: (saved) => {
      queryClient.setQueryData(SETTINGS_KEY, saved);
      notifySuccess(
        saved.requireTwoFactor
          ? 'Two-factor sign-in is now required: staff without it set it up at their next sign-in.'
          : 'Two-factor sign-in is no longer required.',
      );
    },
    onError: (error) => notifyFailure(describeError(error, 'Failed to save the setting')),
  });

  return (
    <Switch
      className="require-two-factor"
      // While saving it shows the new state; a failure puts the stored one back.
      checked={choice ?? settings.data?.requireTwoFactor ?? false}
      disabled={!settings.isSuccess || choice !== null}
      onChange={(event) => {
        const requireTwoFactor = event.currentTarget.checked;
        setChoice(requireTwoFactor);
        save.mutate(requireTwoFactor, { onSettled: () => setChoice(null) });
      }}
      label="Require two-factor sign-in for all staff"
    />
  );
}
