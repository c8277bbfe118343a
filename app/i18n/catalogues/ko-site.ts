/** ko: the Site tab's words (its own and the engine's for sources), loaded with the tab. */
export default {
  'site.skip': '{reason, select, '
    + 'other_host {다른 호스트의 URL {count, plural, other {#개}}(사이트맵에는 자체 호스트의 URL이나, 사이트맵을 지정한 robots.txt 사이트의 URL만 넣을 수 있음)} '
    + 'relative {상대 URL {count, plural, other {#개}}(사이트맵에는 절대 URL을 넣음. 피드의 상대 URL은 피드 자체 URL이나 xml:base를 기준으로 해석됨)} '
    + 'not_http {http(s) URL이 아닌 항목 {count, plural, other {#개}}} '
    + 'too_long {2,048자 이상인 URL {count, plural, other {#개}}} '
    + 'over_limit {사이트맵 하나에 허용되는 50,000개를 넘는 항목 {count, plural, other {#개}}} '
    + 'duplicate {이미 인벤토리에 있던 URL {count, plural, other {#개}}} '
    + 'repeated {다시 지정된 사이트맵 {count, plural, other {#개}}(반복된 Sitemap 줄이나 색인 항목). 한 번만 읽음} '
    + 'loop {자신이 속한 색인을 가리키는 사이트맵 {count, plural, other {#개}}(순환). 다시 읽지 않음} '
    + 'too_deep {너무 깊이 중첩된 사이트맵 {count, plural, other {#개}}(색인 안의 색인)} '
    + 'capped {따라가지 않은 사이트맵 {count, plural, other {#개}}. 실행의 하위 사이트맵 한도에 도달함} '
    + 'empty {URL이 없는 항목 {count, plural, other {#개}}} '
    + 'other {}}',
  'site.problem': '{code, select, '
    + 'http {서버가 HTTP {status}(으)로 응답했습니다. 사이트맵을 읽지 못했습니다.} '
    + 'network {응답 없음: {detail}.} '
    + 'cors {브라우저가 읽지 못했습니다. 사이트가 다른 출처의 읽기를 허용하지 않거나 응답하지 않았습니다. 파일을 내려받아 여기서 열거나 명령줄(robots-txt-tester audit)을 사용하세요.} '
    + 'redirect {{why, select, scheme {{scheme} URL로의 리디렉션이며, 가져오지 않습니다.} loop {리디렉션이 순환합니다.} too_many {리디렉션이 {count, number}번을 넘습니다.} no_location {Location 헤더가 없는 리디렉션입니다.} other {URL이 아닌 곳으로의 리디렉션입니다.}}} '
    + 'html {사이트맵이 아니라 HTML 페이지입니다.} '
    + 'malformed {XML이 {line}행 {column}열에서 깨졌습니다({detail}). 거기서 읽기를 멈췄습니다.} '
    + 'not_sitemap {이 XML은 사이트맵, 사이트맵 색인, RSS나 Atom 피드가 아닙니다(루트 요소는 “{root}”).} '
    + 'gzip {gzip 데이터가 손상되었습니다({detail}).} '
    + 'size_limit {압축을 푼 크기가 사이트맵 한도인 50MB를 넘습니다. 나머지는 읽지 않았습니다.} '
    + 'stopped {여기서 읽기를 멈췄습니다: {limit, select, urls {실행의 URL 한도 {cap, number}개에 도달했습니다} other {실행의 제한 시간에 도달했습니다}}. 그 전에 읽은 URL은 점검합니다.} '
    + 'empty {비어 있습니다.} '
    + 'unreadable {읽을 수 없습니다: {detail}.} '
    + 'other {}}',
  'site.format': '{format, select, urlset {사이트맵} sitemapindex {사이트맵 색인} rss {RSS 피드} atom {Atom 피드} text {텍스트 사이트맵} list {URL 목록} other {알 수 없음}}',
  'site.intro': '사이트가 게시하는 모든 것을 이 robots.txt로 점검합니다. 사이트맵, 피드, 크롤링 내보내기의 어떤 URL이 어떤 크롤러에게 어떤 규칙으로 차단되는지 보여 줍니다. 모든 것이 이 탭 안에 머뭅니다.',
  'site.inventory': '인벤토리',
  'site.inventory-help': '사이트맵과 사이트맵 색인(.xml, .xml.gz), RSS·Atom 피드, 텍스트 사이트맵, url 또는 Address 열이 있는 크롤링 내보내기(.csv), URL 목록(.txt).',
  'site.open-files': '파일 열기…',
  'site.drop': '사이트맵, 피드, URL 목록을 여기에 놓으세요',
  'site.paste': '붙여넣기…',
  'site.paste-label': '사이트맵 XML 또는 한 줄에 하나씩 URL',
  'site.paste-add': '인벤토리에 추가',
  'site.paste-name': '붙여넣은 텍스트 {n, number}',
  'site.fetch-label': '사이트맵 URL',
  'site.fetch': '가져오기',
  'site.fetch-help': '사이트가 다른 출처의 읽기를 허용할 때만 가져올 수 있습니다. 그렇지 않으면 파일을 내려받아 여기서 여세요.',
  'site.fetch-line': '가져오기',
  'site.fetch-all': '{count, plural, other {모두(#개) 가져오기}}',
  'site.sources': '출처',
  'site.source-urls': '{count, plural, other {URL #개}}',
  'site.source-sitemaps': '{count, plural, other {사이트맵 #개를 따라감}}',
  'site.source-from': '{parent}에서',
  'site.source-gzip': 'gzip',
  'site.source-reading': '읽는 중…',
  'site.source-remove': '{name} 삭제',
  'site.clear': '인벤토리 비우기',
  'site.empty': '아직 인벤토리가 없습니다. 사이트맵, 피드, 크롤링 내보내기 또는 URL 목록을 추가하세요.',
  'site.progress': '{phase, select, reading {읽는 중: URL {urls, number}개, {checked, number}개 확인} other {확인 중: URL {urls, number}개 중 {checked, number}개}}',
  'site.done': '{urls, plural, other {URL #개 점검 완료}}',
  'site.stale': '수정한 파일을 확인하는 중…',
  'site.restarted': '{reason, select, timeout {사이트 점검이 응답하지 않아 다시 시작했습니다.} other {사이트 점검이 중단되어 다시 시작했습니다.}} 출처는 그대로 두고 다시 읽어 점검합니다.',
  'site.failed': '사이트 점검을 실행할 수 없습니다: {message}',
  'site.csv-failed': 'CSV를 만들 수 없습니다: {message}',
  'site.list-failed': 'URL 목록을 불러올 수 없습니다: {message}',
  'site.tree-failed': '폴더를 불러올 수 없습니다: {message}',
  'site.crawlers': '크롤러',
  'site.crawler-add': '크롤러 추가',
  'site.crawler-text': '또는 토큰이나 User-Agent',
  'site.crawler-add-text': '추가',
  'site.crawler-remove': '{name} 삭제',
  'site.crawler-google': 'Google 크롤러',
  'site.crawler-ai': 'AI 크롤러',
  'site.crawler-other': '기타 크롤러',
  'site.readers': '다음 파서로도 읽기',
  'site.readers-none': 'Google의 해석만',
  'site.verdicts': '판정',
  'site.col-crawler': '크롤러',
  'site.col-allowed': '허용',
  'site.col-blocked': '차단',
  'site.col-out': '범위 밖',
  'site.col-cannot': '테스트 불가',
  'site.out-help': '범위 밖: 이 robots.txt가 다루지 않는 다른 호스트에 있습니다.',
  'site.blocked-first': '인벤토리에 있지만 차단됨',
  'site.blocked-none': '인벤토리의 어떤 URL도 이 크롤러들에게 차단되지 않습니다.',
  'site.blocked-count': '{crawler}: {count, plural, other {URL #개 차단됨}}',
  'site.tree': '사이트 트리',
  'site.tree-for': '다음 크롤러 기준',
  'site.tree-help': '화살표 키로 이동하고 폴더를 열고 닫습니다. Enter를 누르면 폴더의 URL이 표시됩니다.',
  'site.tree-row': '{urls, plural, other {URL #개}}, {blocked, number}개 차단',
  'site.tree-truncated': '폴더가 너무 많습니다. 가장 깊은 폴더는 상위 폴더에 합산됩니다.',
  'site.list': 'URL',
  'site.filter-crawler': '크롤러',
  'site.filter-verdict': '판정',
  'site.filter-all': '모든 판정',
  'site.filter-changed': '바뀌는 판정만',
  'site.filter-folder': '{folder} 안',
  'site.filter-folder-clear': '모든 폴더',
  'site.list-range': '{total, number}개 중 {from, number}–{to, number}',
  'site.list-none': '해당하는 URL이 없습니다.',
  'site.previous': '이전',
  'site.next': '다음',
  'site.col-url': 'URL',
  'site.col-verdict': '판정',
  'site.col-line': '결정한 줄',
  'site.col-source': '출처',
  'site.col-before': '비교한 버전',
  'site.no-rule': '규칙 없음',
  'site.verdict': '{verdict, select, allowed {허용} blocked {차단} out {범위 밖} other {테스트 불가}}',
  'site.rules': '규칙별 영향',
  'site.rules-help': '각 규칙이 Google의 해석으로 인벤토리의 판정(URL × 크롤러)을 몇 개 결정하는지 보여 줍니다. 클릭하면 해당 줄로 이동합니다.',
  'site.col-rule': '규칙',
  'site.col-decides': '결정',
  'site.rule-decides': '{count, plural, =0 {없음} other {판정 #개}}',
  'site.rule-never-wins': '이기지 못함: 일치하는 모든 URL을 다른 규칙이 결정합니다',
  'site.rule-matches-nothing': '인벤토리의 어떤 URL과도 일치하지 않음',
  'site.rule-not-applied': '이 크롤러들에게 해당하지 않음',
  'site.rules-none': '이 robots.txt에는 allow나 disallow 규칙이 없습니다.',
  'site.changes': '비교한 버전과의 차이',
  'site.changes-help': '비교 탭의 버전과 이 버전 사이에 판정이 다른 URL을 두 결정 줄과 함께 보여 줍니다.',
  'site.changes-count': '{crawler}: {changed, plural, other {판정 #개 변경}}(새로 차단 {blocked, number}개, 차단 해제 {unblocked, number}개)',
  'site.changes-none': '바뀌는 판정이 없습니다.',
  'site.changes-show': '목록 보기',
  'site.export-csv': 'CSV 내려받기',
  'site.print': '보고서 인쇄',
  'site.report-title': '사이트 점검',
  'site.report-meta': '{urls, plural, other {URL #개}} · {crawlers} · {date}',
  'site.sitemap-lines-count': '{count, plural, other {이 robots.txt의 Sitemap 줄 #개}}',
  'site.linked-title': '{count, plural, other {이 링크가 지정한 사이트맵 #개}}',
  'site.linked-help': '허락하기 전에는 아무것도 가져오지 않습니다. 사설 네트워크의 주소(이 컴퓨터, 공유기, 인트라넷)는 하나씩, 각각 따로 클릭해야 가져옵니다.',
  'site.linked-private': '{kind, select, loopback {이 컴퓨터} link_local {링크 로컬 주소} other {사설 네트워크}}',
  'site.linked-fetch': '{count, plural, other {#개 모두 가져오기}}',
  'site.linked-fetch-public': '{count, plural, other {공개 주소 #개 가져오기}}',
  'site.linked-fetch-one': '{url} 가져오기',
  'site.linked-more': '{count, plural, other {외 #개}}',
  'site.linked-drop': '가져오지 않기',
  'site.empty-why': '인벤토리가 비어 있습니다. URL을 준 소스가 없습니다. 이유는 각 소스 아래에 있습니다.',
  'site.source-read-as': '{parent}이(가) 지정한 하위 사이트맵 {url}(으)로 읽었습니다(다시 읽지 않음).',
  'site.source-file': '{file} 파일로 열림',
  'site.source-other-hosts': '위치: {hosts}',
  'site.source-no-url': 'URL이 하나도 없습니다.',
  'site.hint-relative': '피드의 상대 링크를 해석할 사이트를 지정하세요(편집기 위의 사이트 및 가져오기 결과).',
  'site.hint-other-host': '모두 {host}에 있습니다. 그 사이트의 사이트맵이라면 그것을 사이트로 지정하세요(편집기 위의 사이트 및 가져오기 결과).',
} satisfies Record<string, string>;
