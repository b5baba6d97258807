// `npm run releases -- list [<app>] | promote <app> <release|build> [--force] | rollback <app> [--force]`
// Switches the live frontend release in the shop's database; running API processes follow within
// seconds, without a restart. See README, "Releasing a frontend".
import { runReleasesCli } from './release-cli.mjs';

process.exit(await runReleasesCli(process.argv.slice(2)));
