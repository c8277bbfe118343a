/** ko: the words of the AI-use preferences line beside the verdict (the engine's), loaded with it. */
export default {
  'prefs.label': 'AI 선호',
  'prefs.crawl': '{crawl, select, allowed {크롤링 허용} other {크롤링이 차단되어 이곳에는 AI 선호가 적용되지 않음}}',
  'prefs.usage': '{line}번 줄의 {key} = {value} (Content-Usage{scoped, select, yes { {path}} other {}})',
  'prefs.signal': '{line}번 줄의 {key} = {value} (Content-Signal)',
  'prefs.license': '라이선스(RSL): {url}, {line}번 줄',
  'prefs.withheld': '크롤링이 허용되는 곳이라면 {count, plural, other {{lines}번 줄이 적용됨}}',
  'prefs.none': '이 URL에 대한 AI 사용 선호 없음',
} satisfies Record<string, string>;
