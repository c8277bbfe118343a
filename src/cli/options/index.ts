/** The option readers every command shares: crawlers and readers, format, site, jobs, timeout, the robots.txt and other files. */
export { CRAWLER_HELP, CRAWLER_OPTIONS, crawlersFrom, readersFrom } from './crawlers.js';
export { checkReadable, readText } from './files.js';
export { localFile, readRobots, SOURCE_HELP } from './robots-source.js';
export {
  FORMAT_OPTIONS, formatOf, JOBS_OPTION, jobsOf, MAX_TIMEOUT_MS, maxJobs, SITE_OPTION, siteOf, TIMEOUT_OPTION, timeoutOf, type OutputFormat,
} from './values.js';
