import pkg from '../package.json' with { type: 'json' };

export const SERVICE_NAME = 'invoice-service';
export const VERSION: string = pkg.version;
