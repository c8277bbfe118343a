/**
 * English: the words of Compare's earlier versions (the Wayback Machine's list), loaded with the
 * Compare tab.
 */
export default {
  'history.open': 'Earlier versions (Wayback Machine)',
  'history.title': 'Earlier versions of the live file',
  'history.intro': 'The Wayback Machine keeps dated copies of many sites’ robots.txt. List them and compare any one with the current file: your browser asks web.archive.org directly.',
  'history.site': 'Site',
  'history.list': 'List versions',
  'history.listing': 'Asking the Wayback Machine…',
  'history.count': '{count, plural, one {# version} other {# versions}} of {url}, newest first.',
  'history.more': 'The newest {shown, number} are listed.',
  'history.none': 'The Wayback Machine holds no copy of {url}.',
  'history.bad-site': '“{site}” is not a site: type a host such as example.com, or a URL on it.',
  'history.unreadable': 'Your browser may not read the Wayback Machine’s answer from this page: the archive did not allow it, or could not be reached. See the versions on web.archive.org, or list them with the command line:',
  'history.open-archive': 'Open the list on web.archive.org',
  'history.http': 'The Wayback Machine answered HTTP {code}: try again later.',
  'history.not-json': 'The Wayback Machine’s answer could not be read (it may be busy): try again later.',
  'history.col-date': 'Archived (UTC)',
  'history.col-status': 'Site answered',
  'history.col-digest': 'Digest',
  'history.status': 'HTTP {code}',
  'history.status-unknown': 'unknown',
  'history.compare': 'Compare',
  'history.compare-label': 'Compare with the version archived {date}',
  'history.no-file': 'no file',
  'history.loading': 'Loading the version archived {date}…',
  'history.loaded': 'Comparing with the version archived {date} ({bytes, number} bytes).',
  'history.load-unreadable': 'Your browser may not read the archived copy from this page. Open it on web.archive.org, copy it, and use “Paste a version”.',
  'history.load-http': 'The archived copy answered HTTP {code}: there is no file to compare.',
  'history.comparing': 'comparing',
} satisfies Record<string, string>;
