/** `robots-txt-tester lines`: how Google's parser reads every line of a robots.txt, or a JSON Lines batch of bodies. */
import { CliError } from '../cli-error.js';
import { defineCommand } from '../command.js';
import { answerLinesLine, formatLinesTable, linesCsv, linesJson } from '../lines.js';
import { FORMAT_OPTIONS, formatOf, readRobots } from '../options/index.js';
import { describeFetch } from '../source.js';
import { answerStandardInput } from '../stdin-lines.js';
import { writeOut } from '../output.js';
import { writeMessage } from '../terminal.js';

/** `lines`. */
export const linesCommand = defineCommand({
  name: 'lines',
  help: `Usage: robots-txt-tester lines <robots.txt> [--format text|json|csv]
       robots-txt-tester lines --batch < bodies.jsonl > lines.jsonl

Prints how Google's parser reads every line (its RobotsParsingReporter): the tag (user-agent, allow,
disallow, sitemap, unused, unknown), the flags typo, empty, comment, hasComment, directive, tooLong,
missingColon, and this tester's kind, severity and finding codes. <robots.txt> is a file, - or a URL.

  --format f  text (a table, the default), json (one JSON object per line) or csv; --json = --format json
  --batch     JSON Lines {"id","robots"} in, {"id","lines":[…]} out, one output line per input line
  --help, -h  this help`,
  options: { ...FORMAT_OPTIONS, batch: { type: 'boolean' } },

  async run({ values, positionals }) {
    const format = formatOf(values);
    if (values.batch) {
      if (positionals.length > 0) throw new CliError('--batch reads standard input: give no file');
      return answerStandardInput(answerLinesLine);
    }
    const [file, ...extra] = positionals;
    if (file === undefined) throw new CliError('missing the robots.txt file (or - for standard input)');
    if (extra.length > 0) throw new CliError(`one file at a time: ${JSON.stringify(extra[0])}`);
    const src = await readRobots(file, 10_000);
    if (src.fetch) writeMessage(describeFetch(src.fetch));
    await writeOut(format === 'json' ? linesJson(src.text) : format === 'csv' ? linesCsv(src.text) : formatLinesTable(src.text));
    return 0;
  },
});
