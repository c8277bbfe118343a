/** nl: the words of the AI-use preferences line beside the verdict (the engine's), loaded with it. */
export default {
  'prefs.label': 'AI-voorkeuren',
  'prefs.crawl': '{crawl, select, allowed {crawlen toegestaan} other {crawlen geblokkeerd, dus hier geldt geen AI-voorkeur}}',
  'prefs.usage': '{key} = {value} uit regel {line} (Content-Usage{scoped, select, yes { {path}} other {}})',
  'prefs.signal': '{key} = {value} uit regel {line} (Content-Signal)',
  'prefs.license': 'licentie (RSL): {url}, regel {line}',
  'prefs.withheld': '{count, plural, one {regel {lines} zou gelden} other {regels {lines} zouden gelden}} waar crawlen is toegestaan',
  'prefs.none': 'geen voorkeur voor AI-gebruik voor deze URL',
} satisfies Record<string, string>;
