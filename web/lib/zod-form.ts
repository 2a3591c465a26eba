/**
 * react-hook-form's zod resolver, with zod set to jitless first (./zod-jitless.ts says why). Forms
 * import it from here, never from '@/lib/zod-form' (eslint enforces it), so the setting is in
 * before any form's schema parses, and zod loads with the first form instead of with the entry.
 */
import './zod-jitless';

export { zodResolver } from '@hookform/resolvers/zod';
