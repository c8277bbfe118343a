/** nl: the Site tab's words (its own and the engine's for sources), loaded with the tab. */
export default {
  'site.skip': '{reason, select, '
    + 'other_host {{count, plural, one {# URL op een andere host} other {# URL’s op andere hosts}} (een sitemap noemt alleen URL’s van de eigen host, of van de site waarvan de robots.txt haar noemt)} '
    + 'relative {{count, plural, one {# relatieve URL} other {# relatieve URL’s}} (een sitemap noemt absolute URL’s; die van een feed worden opgelost op de eigen URL of xml:base)} '
    + 'not_http {{count, plural, one {# item is} other {# items zijn}} geen http(s)-URL} '
    + 'too_long {{count, plural, one {# URL is} other {# URL’s zijn}} 2.048 tekens of langer} '
    + 'over_limit {{count, plural, one {# item} other {# items}} voorbij de 50.000 die een sitemap mag bevatten} '
    + 'duplicate {{count, plural, one {# URL stond} other {# URL’s stonden}} al in de inventaris} '
    + 'repeated {{count, plural, one {# sitemap werd} other {# sitemaps werden}} opnieuw genoemd (een herhaalde Sitemap-regel of indexvermelding): één keer gelezen} '
    + 'loop {{count, plural, one {# sitemap noemt} other {# sitemaps noemen}} een index waar ze in staan (een lus): niet opnieuw gelezen} '
    + 'too_deep {{count, plural, one {# sitemap zit} other {# sitemaps zitten}} te diep genest (indexen in indexen)} '
    + 'capped {{count, plural, one {# sitemap is} other {# sitemaps zijn}} niet gevolgd: de limiet van de run voor onderliggende sitemaps was bereikt} '
    + 'empty {{count, plural, one {# item heeft} other {# items hebben}} geen URL} '
    + 'other {}}',
  'site.problem': '{code, select, '
    + 'http {De server antwoordde HTTP {status}: er is geen sitemap gelezen.} '
    + 'network {Geen antwoord: {detail}.} '
    + 'cors {De browser kon dit niet lezen: de site staat lezen vanaf een ander domein niet toe, of antwoordde niet. Download het bestand en open het hier, of gebruik de opdrachtregel (robots-txt-tester audit).} '
    + 'redirect {{why, select, scheme {Een doorverwijzing naar een {scheme}-URL, die niet wordt opgehaald.} loop {De doorverwijzingen gaan in een lus rond.} too_many {Meer dan {count, number} doorverwijzingen.} no_location {Een doorverwijzing zonder Location-header.} other {Een doorverwijzing naar iets dat geen URL is.}}} '
    + 'html {Dit is een HTML-pagina, geen sitemap.} '
    + 'malformed {De XML breekt op regel {line}, kolom {column} ({detail}): daar is het lezen gestopt.} '
    + 'not_sitemap {Deze XML is geen sitemap, sitemapindex, RSS- of Atom-feed (het hoofdelement is “{root}”).} '
    + 'gzip {De gzip-gegevens zijn beschadigd ({detail}).} '
    + 'size_limit {Groter dan de 50 MB die een sitemap onverpakt mag zijn: de rest is niet gelezen.} '
    + 'stopped {Hier is het lezen gestopt: {limit, select, urls {de limiet van {cap, number} URL’s voor de run was bereikt} other {de tijdslimiet van de run was bereikt}}. De URL’s die eerder zijn gelezen, worden getoetst.} '
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
  'site.sitemap-lines-count': '{count, plural, one {# Sitemap-regel in deze robots.txt} other {# Sitemap-regels in deze robots.txt}}',
  'site.linked-title': '{count, plural, one {Deze link noemt # sitemap} other {Deze link noemt # sitemaps}}',
  'site.linked-help': 'Er wordt niets opgehaald tot je dat zegt. Adressen op een privénetwerk (deze computer, een router, een intranet) worden alleen één voor één opgehaald, elk met een eigen klik.',
  'site.linked-private': '{kind, select, loopback {deze computer} link_local {link-local adres} other {privénetwerk}}',
  'site.linked-fetch': '{count, plural, one {Ophalen} other {Alle # ophalen}}',
  'site.linked-fetch-public': '{count, plural, one {De openbare ophalen} other {De # openbare ophalen}}',
  'site.linked-fetch-one': '{url} ophalen',
  'site.linked-more': '{count, plural, one {en nog #} other {en nog #}}',
  'site.linked-drop': 'Niet ophalen',
  'site.empty-why': 'De inventaris is leeg: geen enkele bron gaf een URL. Waarom staat onder elke bron.',
  'site.source-read-as': 'Gelezen als {url}, de onderliggende sitemap die {parent} noemt (niet opnieuw gelezen).',
  'site.source-file': 'geopend als {file}',
  'site.source-other-hosts': 'op {hosts}',
  'site.source-no-url': 'Er staat geen URL in.',
  'site.hint-relative': 'Geef de site op (Site en ophaalresultaat, boven de editor) om de relatieve links van de feed daarop op te lossen.',
  'site.hint-other-host': 'Allemaal op {host}: is dit de sitemap van die site, geef die dan op als site (Site en ophaalresultaat, boven de editor).',
} satisfies Record<string, string>;
