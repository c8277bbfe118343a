/** `robots-txt-tester batch`: the JSON Lines contract of the conformance suite, one answer per request line. */
import { READER_IDS } from '../../robots/index.js';
import { answerLine, ParseCache } from '../batch.js';
import { defineCommand } from '../command.js';
import { answerStandardInput } from '../stdin-lines.js';

/** `batch`. */
export const batchCommand = defineCommand({
  name: 'batch',
  help: `Usage: robots-txt-tester batch < requests.jsonl > answers.jsonl

Reads JSON Lines {"id","robots","ua","url"} and writes {"id","allowed","line"} per line, in order,
as Google's reference parser answers for that one token; a malformed line yields {"id","error"}
and the run goes on. An optional "reader" (${READER_IDS.join(', ')}; default google) answers as
that parser reads the file (line is the deciding rule's line, 0 when none; a parser that raises
on the input yields {"id","error"}). An optional "robotsUrl" says where the file was fetched from:
robots-parser answers only for URLs of that scheme, host and port (others: {"id","error"}).

  --help, -h  this help`,
  options: {},
  // It reads standard input alone: whatever else a caller passes is let be.
  strict: false,

  async run() {
    const cache = new ParseCache();
    return answerStandardInput((line) => answerLine(line, cache));
  },
});
