import { startOutreach } from './invitations/index.ts';
import { mailFailed } from './mail/index.ts';
import { opportunityClosing, opportunityLaunched, outreachChanged } from './opportunities/index.ts';
import { markAddressUndeliverable } from './participants/index.ts';
import { releaseSeatsOfClosingStudy } from './sessions/index.ts';
import { withdrawPendingSubmissions } from './submissions/index.ts';

/**
 * Where a feature takes part in a lower feature's change (docs/architecture.md, "Features in
 * layers"): each domain event's subscribers, listed once. Loaded for its effect by every
 * composition that runs use cases (src/app.ts, src/jobs.ts); subscribing twice is a no-op.
 */
opportunityClosing.subscribe(withdrawPendingSubmissions);
// After the withdrawals, which free the seats it gives back.
opportunityClosing.subscribe(releaseSeatsOfClosingStudy);
mailFailed.subscribe(markAddressUndeliverable);
opportunityLaunched.subscribe(startOutreach);
outreachChanged.subscribe(startOutreach);
