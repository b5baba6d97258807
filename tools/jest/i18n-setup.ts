import { compileMessage } from '@lingui/message-utils/compileMessage';
import { LANGUAGES } from '@thalir/pages';
import { i18nFor } from '@thalir/ui';

// Tests draw the source messages the macros keep outside production (and the catalogues as Jest reads
// them, tools/jest/po-transform.cjs), compiled as they are used.
for (const language of LANGUAGES) i18nFor(language).setMessagesCompiler(compileMessage);
