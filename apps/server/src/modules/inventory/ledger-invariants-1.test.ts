import { propertyRuns } from '../../../test/ledger-fixtures.ts';
import { describeLedgerInvariants } from '../../../test/ledger-invariants-property.ts';

// Half of the sequences; the other half runs beside it in ledger-invariants-2.test.ts.
describeLedgerInvariants('part 1 of 2', Math.ceil(propertyRuns / 2));
