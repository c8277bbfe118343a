/** nl: the Site tab's words (its own and the engine's for sources), loaded with the tab. */
export default {
  'site.skip': '{reason, select, '
    + 'other_host {{count, plural, one {# URL op een andere host} other {# URL’s op andere hosts}} (een sitemap noemt alleen URL’s van de eigen host, of van de site waarvan de robots.txt haar noemt)} '
    + 'not_http {{count, plural, one {# item is} other {# items zijn}} geen http(s)-URL} '
    + 'too_long {{count, plural, one {# URL is} other {# URL’s zijn}} 2.048 tekens of langer} '
    + 'over_limit {{count, plural, one {# item} other {# items}} voorbij de 50.000 die een sitemap mag bevatten} '
    + 'duplicate {{count, plural, one {# URL stond} other {# URL’s stonden}} al in de inventaris} '
    + 'loop {{count, plural, one {# sitemap was} other {# sitemaps waren}} al gelezen (een lus of een herhaling)} '
    + 'too_deep {{count, plural, one {# sitemap zit} other {# sitemaps zitten}} te diep genest (indexen in indexen)} '
    + 'empty {{count, plural, one {# item heeft} other {# items hebben}} geen URL} '
    + 'other {}}',
  'site.problem': '{code, select, '
    + 'http {De server antwoordde HTTP {status}: er is geen sitemap gelezen.} '
    + 'network {Geen antwoord: {detail}.} '
    + 'cors {De browser mag dit niet lezen: de site staat lezen vanaf een ander domein niet toe. Download het bestand en open het hier, of gebruik de opdrachtregel (robots-txt-tester audit).} '
    + 'html {Dit is een HTML-pagina, geen sitemap.} '
    + 'malformed {De XML breekt op regel {line}, kolom {column} ({detail}): daar is het lezen gestopt.} '
    + 'not_sitemap {Deze XML is geen sitemap, sitemapindex, RSS- of Atom-feed (het hoofdelement is “{root}”).} '
    + 'gzip {De gzip-gegevens zijn beschadigd ({detail}).} '
    + 'size_limit {Groter dan de 50 MB die een sitemap onverpakt mag zijn: de rest is niet gelezen.} '
    + 'empty {Het is leeg.} '
    + 'unreadable {Het kon niet gelezen worden: {detail}.} '
    + 'other {}}',
  'site.format': '{format, select, urlset {sitemap} sitemapindex {sitemapindex} rss {RSS-feed} atom {Atom-feed} text {tekstsitemap} list {URL-lijst} other {onbekend}}',
  'site.intro': 'Toets alles wat je site publiceert aan deze robots.txt: welke URL’s uit je sitemaps, feeds en crawl-exports worden geblokkeerd, voor welke crawler, door welke regel. Alles blijft in dit tabblad.',
  'site.inventory': 'Inventaris',
  'site.inventory-help': 'Sitemaps en sitemapindexen (.xml, .xml.gz), RSS- en Atom-feeds, tekstsitemaps, crawl-exports met een kolom url of Address (.csv) en URL-lijsten (.txt).',
  'site.open-files': 'Bestanden openen…',
  'site.drop': 'Sleep sitemaps, feeds of URL-lijsten hierheen',
  'site.paste': 'Plakken…',
  'site.paste-label': 'Sitemap-XML, of URL’s, één per regel',
  'site.paste-add': 'Aan de inventaris toevoegen',
  'site.paste-name': 'Geplakte tekst {n, number}',
  'site.fetch-label': 'Sitemap-URL',
  'site.fetch': 'Ophalen',
  'site.fetch-help': 'Ophalen lukt waar de site lezen vanaf een ander domein toestaat; download anders het bestand en open het hier.',
  'site.sitemap-lines': 'Sitemap-regels van deze robots.txt',
  'site.fetch-line': 'Ophalen',
  'site.fetch-all': '{count, plural, one {Ophalen} other {Alle # ophalen}}',
  'site.sources': 'Bronnen',
  'site.source-urls': '{count, plural, one {# URL} other {# URL’s}}',
  'site.source-sitemaps': '{count, plural, one {# sitemap gevolgd} other {# sitemaps gevolgd}}',
  'site.source-from': 'uit {parent}',
  'site.source-gzip': 'gzip',
  'site.source-reading': 'wordt gelezen…',
  'site.source-remove': '{name} verwijderen',
  'site.clear': 'Inventaris leegmaken',
  'site.empty': 'Nog geen inventaris: voeg een sitemap, een feed, een crawl-export of een lijst URL’s toe.',
  'site.progress': '{phase, select, reading {Lezen: {urls, number} URL’s, {checked, number} getoetst} other {Toetsen: {checked, number} van {urls, number} URL’s}}',
  'site.done': '{urls, plural, one {# URL getoetst} other {# URL’s getoetst}}',
  'site.stale': 'Het bewerkte bestand wordt getoetst…',
  'site.restarted': '{reason, select, timeout {De site-audit reageerde niet meer en is opnieuw gestart.} other {De site-audit is vastgelopen en opnieuw gestart.}} De bronnen blijven staan en worden opnieuw gelezen en getoetst.',
  'site.failed': 'De site-audit kon niet draaien: {message}',
  'site.csv-failed': 'De CSV kon niet worden gemaakt: {message}',
  'site.list-failed': 'De URL’s konden niet worden getoond: {message}',
  'site.tree-failed': 'De mappen konden niet worden getoond: {message}',
  'site.crawlers': 'Crawlers',
  'site.crawler-add': 'Crawler toevoegen',
  'site.crawler-text': 'Of een token of User-Agent',
  'site.crawler-add-text': 'Toevoegen',
  'site.crawler-remove': '{name} verwijderen',
  'site.crawler-google': 'Crawlers van Google',
  'site.crawler-ai': 'AI-crawlers',
  'site.crawler-other': 'Andere crawlers',
  'site.readers': 'Ook zoals gelezen door',
  'site.readers-none': 'Alleen de lezing van Google',
  'site.verdicts': 'Uitkomsten',
  'site.col-crawler': 'Crawler',
  'site.col-allowed': 'Toegestaan',
  'site.col-blocked': 'Geblokkeerd',
  'site.col-out': 'Buiten bereik',
  'site.col-cannot': 'Niet te toetsen',
  'site.out-help': 'Buiten bereik: op een andere host, waarover deze robots.txt niet gaat.',
  'site.blocked-first': 'In je inventaris maar geblokkeerd',
  'site.blocked-none': 'Geen enkele URL uit de inventaris is geblokkeerd voor deze crawlers.',
  'site.blocked-count': '{crawler}: {count, plural, one {# URL geblokkeerd} other {# URL’s geblokkeerd}}',
  'site.tree': 'Siteboom',
  'site.tree-for': 'Aantallen voor',
  'site.tree-help': 'Pijltoetsen verplaatsen, openen en sluiten mappen; Enter toont de URL’s van een map.',
  'site.tree-row': '{urls, plural, one {# URL} other {# URL’s}}, {blocked, number} geblokkeerd',
  'site.tree-truncated': 'Te veel mappen: de diepste worden bij hun bovenliggende map geteld.',
  'site.list': 'URL’s',
  'site.filter-crawler': 'Crawler',
  'site.filter-verdict': 'Uitkomst',
  'site.filter-all': 'Elke uitkomst',
  'site.filter-changed': 'Alleen uitkomsten die veranderen',
  'site.filter-folder': 'In {folder}',
  'site.filter-folder-clear': 'Alle mappen',
  'site.list-range': '{from, number}–{to, number} van {total, number}',
  'site.list-none': 'Geen URL voldoet.',
  'site.previous': 'Vorige',
  'site.next': 'Volgende',
  'site.col-url': 'URL',
  'site.col-verdict': 'Uitkomst',
  'site.col-line': 'Beslissende regel',
  'site.col-source': 'Bron',
  'site.col-before': 'Vergeleken versie',
  'site.no-rule': 'geen regel',
  'site.verdict': '{verdict, select, allowed {Toegestaan} blocked {Geblokkeerd} out {Buiten bereik} other {Niet te toetsen}}',
  'site.rules': 'Effect per regel',
  'site.rules-help': 'Hoeveel uitkomsten (URL × crawler) van de inventaris elke regel beslist, zoals Google leest. Een klik toont de regel.',
  'site.col-rule': 'Regel',
  'site.col-decides': 'Beslist',
  'site.rule-decides': '{count, plural, =0 {niets} one {# uitkomst} other {# uitkomsten}}',
  'site.rule-never-wins': 'wint nooit: elke URL die erop past, wordt door een andere regel beslist',
  'site.rule-matches-nothing': 'past op geen enkele URL van de inventaris',
  'site.rule-not-applied': 'niet voor deze crawlers',
  'site.rules-none': 'Deze robots.txt heeft geen allow- of disallow-regels.',
  'site.changes': 'Verschillen met de vergeleken versie',
  'site.changes-help': 'De URL’s waarvan de uitkomst verschilt tussen de versie in Vergelijken en deze, met beide beslissende regels.',
  'site.changes-count': '{crawler}: {changed, plural, one {# uitkomst verandert} other {# uitkomsten veranderen}} ({blocked, number} nieuw geblokkeerd, {unblocked, number} niet meer geblokkeerd)',
  'site.changes-none': 'Geen uitkomst verandert.',
  'site.changes-show': 'Toon ze',
  'site.export-csv': 'CSV downloaden',
  'site.print': 'Rapport afdrukken',
  'site.report-title': 'Site-audit',
  'site.report-meta': '{urls, plural, one {# URL} other {# URL’s}} · {crawlers} · {date}',
} satisfies Record<string, string>;
