export function checkUpdateFeed(address: string | undefined): string;
export function describeSigning(platform: string, env: Record<string, string | undefined>): string[];
export function beforePack(context: { electronPlatformName: string }): Promise<void>;
