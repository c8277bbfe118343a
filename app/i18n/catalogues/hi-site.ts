/** hi: the Site tab's words (its own and the engine's for sources), loaded with the tab. */
export default {
  'site.skip': '{reason, select, '
    + 'other_host {दूसरे होस्ट के {count, plural, one {# URL} other {# URL}} (साइटमैप में केवल अपने होस्ट के URL होते हैं, या उस साइट के जिसकी robots.txt उसे नामित करती है)} '
    + 'relative {{count, plural, one {# सापेक्ष URL} other {# सापेक्ष URL}} (साइटमैप में पूर्ण URL होते हैं; फ़ीड के URL उसके अपने URL या xml:base के आधार पर हल होते हैं)} '
    + 'not_http {{count, plural, one {# प्रविष्टि} other {# प्रविष्टियाँ}} http(s) URL नहीं} '
    + 'too_long {{count, plural, one {# URL} other {# URL}} 2,048 या अधिक वर्णों के} '
    + 'over_limit {{count, plural, one {# प्रविष्टि} other {# प्रविष्टियाँ}} एक साइटमैप की 50,000 की सीमा से आगे} '
    + 'duplicate {{count, plural, one {# URL} other {# URL}} पहले से इन्वेंटरी में थे} '
    + 'repeated {{count, plural, one {# साइटमैप} other {# साइटमैप}} दोबारा दिए गए (दोहराई गई Sitemap पंक्ति या इंडेक्स प्रविष्टि): एक बार पढ़े गए} '
    + 'loop {{count, plural, one {# साइटमैप} other {# साइटमैप}} उसी इंडेक्स को नामित करते हैं जिसमें वे हैं (लूप): दोबारा नहीं पढ़े गए} '
    + 'too_deep {{count, plural, one {# साइटमैप} other {# साइटमैप}} बहुत गहराई में नेस्टेड (इंडेक्स के भीतर इंडेक्स)} '
    + 'capped {{count, plural, one {# साइटमैप} other {# साइटमैप}} नहीं पढ़े गए: रन की चाइल्ड साइटमैप सीमा पूरी हो गई} '
    + 'empty {{count, plural, one {# प्रविष्टि} other {# प्रविष्टियाँ}} बिना URL के} '
    + 'other {}}',
  'site.problem': '{code, select, '
    + 'http {सर्वर ने HTTP {status} लौटाया: कोई साइटमैप नहीं पढ़ा गया।} '
    + 'network {कोई उत्तर नहीं: {detail}।} '
    + 'cors {ब्राउज़र इसे नहीं पढ़ सका: साइट दूसरे ओरिजिन से पढ़ने की अनुमति नहीं देती, या उसने उत्तर नहीं दिया। फ़ाइल डाउनलोड करके यहाँ खोलें, या कमांड लाइन (robots-txt-tester audit) का उपयोग करें।} '
    + 'redirect {{why, select, scheme {{scheme} URL पर रीडायरेक्ट, जिसे लाया नहीं जाता।} loop {रीडायरेक्ट एक लूप में घूमते हैं।} too_many {{count, number} से अधिक रीडायरेक्ट।} no_location {Location हेडर के बिना रीडायरेक्ट।} other {ऐसी चीज़ पर रीडायरेक्ट जो URL नहीं है।}}} '
    + 'html {यह HTML पेज है, साइटमैप नहीं।} '
    + 'malformed {XML पंक्ति {line}, स्तंभ {column} पर टूटता है ({detail}): पढ़ना वहीं रुक गया।} '
    + 'not_sitemap {यह XML न साइटमैप है, न साइटमैप इंडेक्स, न RSS या Atom फ़ीड (मूल तत्व “{root}” है)।} '
    + 'gzip {gzip डेटा खराब है ({detail})।} '
    + 'size_limit {यह बिना संपीड़न के साइटमैप की 50 MB सीमा से बड़ा है: बाकी नहीं पढ़ा गया।} '
    + 'stopped {पढ़ना यहाँ रुका: {limit, select, urls {रन की {cap, number} URL की सीमा पूरी हो गई} other {रन की समय-सीमा पूरी हो गई}}। पहले पढ़े गए URL जाँचे जाते हैं।} '
    + 'empty {यह खाली है।} '
    + 'unreadable {इसे पढ़ा नहीं जा सका: {detail}।} '
    + 'other {}}',
  'site.format': '{format, select, urlset {साइटमैप} sitemapindex {साइटमैप इंडेक्स} rss {RSS फ़ीड} atom {Atom फ़ीड} text {टेक्स्ट साइटमैप} list {URL सूची} other {अज्ञात}}',
  'site.intro': 'आपकी साइट जो कुछ प्रकाशित करती है, उसे इस robots.txt के सामने जाँचें: आपके साइटमैप, फ़ीड और क्रॉल निर्यात के कौन-से URL किस क्रॉलर के लिए किस नियम से ब्लॉक हैं। सब कुछ इसी टैब में रहता है।',
  'site.inventory': 'इन्वेंटरी',
  'site.inventory-help': 'साइटमैप और साइटमैप इंडेक्स (.xml, .xml.gz), RSS और Atom फ़ीड, टेक्स्ट साइटमैप, url या Address स्तंभ वाले क्रॉल निर्यात (.csv) और URL सूचियाँ (.txt)।',
  'site.open-files': 'फ़ाइलें खोलें…',
  'site.drop': 'साइटमैप, फ़ीड या URL सूचियाँ यहाँ छोड़ें',
  'site.paste': 'चिपकाएँ…',
  'site.paste-label': 'साइटमैप XML, या प्रति पंक्ति एक URL',
  'site.paste-add': 'इन्वेंटरी में जोड़ें',
  'site.paste-name': 'चिपकाया गया पाठ {n, number}',
  'site.fetch-label': 'साइटमैप URL',
  'site.fetch': 'लाएँ',
  'site.fetch-help': 'लाना वहीं काम करता है जहाँ साइट दूसरे ओरिजिन से पढ़ने देती है; वरना फ़ाइल डाउनलोड करके यहाँ खोलें।',
  'site.fetch-line': 'लाएँ',
  'site.fetch-all': '{count, plural, one {इसे लाएँ} other {सभी # लाएँ}}',
  'site.sources': 'स्रोत',
  'site.source-urls': '{count, plural, one {# URL} other {# URL}}',
  'site.source-sitemaps': '{count, plural, one {# साइटमैप पढ़ा गया} other {# साइटमैप पढ़े गए}}',
  'site.source-from': '{parent} से',
  'site.source-gzip': 'gzip',
  'site.source-reading': 'पढ़ा जा रहा है…',
  'site.source-remove': '{name} हटाएँ',
  'site.clear': 'इन्वेंटरी खाली करें',
  'site.empty': 'अभी कोई इन्वेंटरी नहीं: साइटमैप, फ़ीड, क्रॉल निर्यात या URL सूची जोड़ें।',
  'site.progress': '{phase, select, reading {पढ़ रहे हैं: {urls, number} URL, {checked, number} जाँचे गए} other {जाँच रहे हैं: {urls, number} में से {checked, number} URL}}',
  'site.done': '{urls, plural, one {# URL जाँचा गया} other {# URL जाँचे गए}}',
  'site.stale': 'संपादित फ़ाइल जाँची जा रही है…',
  'site.restarted': '{reason, select, timeout {साइट ऑडिट ने जवाब देना बंद कर दिया था और उसे फिर से शुरू किया गया।} other {साइट ऑडिट क्रैश हो गया था और उसे फिर से शुरू किया गया।}} स्रोत बने रहते हैं और उन्हें फिर से पढ़ा और जाँचा जा रहा है।',
  'site.failed': 'साइट ऑडिट नहीं चल सका: {message}',
  'site.csv-failed': 'CSV नहीं बन सकी: {message}',
  'site.list-failed': 'URL सूची लोड नहीं हो सकी: {message}',
  'site.tree-failed': 'फ़ोल्डर लोड नहीं हो सके: {message}',
  'site.crawlers': 'क्रॉलर',
  'site.crawler-add': 'क्रॉलर जोड़ें',
  'site.crawler-text': 'या कोई टोकन या User-Agent',
  'site.crawler-add-text': 'जोड़ें',
  'site.crawler-remove': '{name} हटाएँ',
  'site.crawler-google': 'Google के क्रॉलर',
  'site.crawler-ai': 'AI क्रॉलर',
  'site.crawler-other': 'अन्य क्रॉलर',
  'site.readers': 'इनके पढ़ने के अनुसार भी',
  'site.readers-none': 'केवल Google की व्याख्या',
  'site.verdicts': 'निर्णय',
  'site.col-crawler': 'क्रॉलर',
  'site.col-allowed': 'अनुमत',
  'site.col-blocked': 'ब्लॉक',
  'site.col-out': 'दायरे से बाहर',
  'site.col-cannot': 'जाँच संभव नहीं',
  'site.out-help': 'दायरे से बाहर: किसी दूसरे होस्ट पर, जिस पर यह robots.txt लागू नहीं होती।',
  'site.blocked-first': 'आपकी इन्वेंटरी में, पर ब्लॉक',
  'site.blocked-none': 'इन क्रॉलरों के लिए इन्वेंटरी का कोई URL ब्लॉक नहीं है।',
  'site.blocked-count': '{crawler}: {count, plural, one {# URL ब्लॉक} other {# URL ब्लॉक}}',
  'site.tree': 'साइट ट्री',
  'site.tree-for': 'इसके लिए गिनती',
  'site.tree-help': 'तीर कुंजियाँ चलाती हैं और फ़ोल्डर खोलती-बंद करती हैं; Enter फ़ोल्डर के URL दिखाता है।',
  'site.tree-row': '{urls, plural, one {# URL} other {# URL}}, {blocked, number} ब्लॉक',
  'site.tree-truncated': 'बहुत अधिक फ़ोल्डर: सबसे गहरे फ़ोल्डर अपने मूल फ़ोल्डर में गिने गए हैं।',
  'site.list': 'URL सूची',
  'site.filter-crawler': 'क्रॉलर',
  'site.filter-verdict': 'निर्णय',
  'site.filter-all': 'हर निर्णय',
  'site.filter-changed': 'केवल बदलने वाले निर्णय',
  'site.filter-folder': '{folder} में',
  'site.filter-folder-clear': 'सभी फ़ोल्डर',
  'site.list-range': '{total, number} में से {from, number}–{to, number}',
  'site.list-none': 'कोई URL मेल नहीं खाता।',
  'site.previous': 'पिछला',
  'site.next': 'अगला',
  'site.col-url': 'URL पता',
  'site.col-verdict': 'निर्णय',
  'site.col-line': 'निर्णायक पंक्ति',
  'site.col-source': 'स्रोत',
  'site.col-before': 'तुलना वाला संस्करण',
  'site.no-rule': 'कोई नियम नहीं',
  'site.verdict': '{verdict, select, allowed {अनुमत} blocked {ब्लॉक} out {दायरे से बाहर} other {जाँच संभव नहीं}}',
  'site.rules': 'नियमों का प्रभाव',
  'site.rules-help': 'Google की व्याख्या में हर नियम इन्वेंटरी के कितने निर्णय (URL × क्रॉलर) तय करता है। क्लिक करने पर पंक्ति दिखती है।',
  'site.col-rule': 'नियम',
  'site.col-decides': 'तय करता है',
  'site.rule-decides': '{count, plural, =0 {कुछ नहीं} one {# निर्णय} other {# निर्णय}}',
  'site.rule-never-wins': 'कभी नहीं जीतता: इससे मेल खाने वाला हर URL कोई दूसरा नियम तय करता है',
  'site.rule-matches-nothing': 'इन्वेंटरी के किसी URL से मेल नहीं खाता',
  'site.rule-not-applied': 'इन क्रॉलरों के लिए नहीं',
  'site.rules-none': 'इस robots.txt में कोई allow या disallow नियम नहीं है।',
  'site.changes': 'तुलना वाले संस्करण से अंतर',
  'site.changes-help': 'वे URL जिनका निर्णय तुलना टैब के संस्करण और इस संस्करण में अलग है, दोनों निर्णायक पंक्तियों के साथ।',
  'site.changes-count': '{crawler}: {changed, plural, one {# निर्णय बदलता है} other {# निर्णय बदलते हैं}} ({blocked, number} नए ब्लॉक, {unblocked, number} अब ब्लॉक नहीं)',
  'site.changes-none': 'कोई निर्णय नहीं बदलता।',
  'site.changes-show': 'सूची दिखाएँ',
  'site.export-csv': 'CSV डाउनलोड करें',
  'site.print': 'रिपोर्ट छापें',
  'site.report-title': 'साइट ऑडिट',
  'site.report-meta': '{urls, plural, one {# URL} other {# URL}} · {crawlers} · {date}',
  'site.sitemap-lines-count': '{count, plural, one {इस robots.txt में # Sitemap पंक्ति} other {इस robots.txt में # Sitemap पंक्तियाँ}}',
  'site.linked-title': '{count, plural, one {यह लिंक # साइटमैप नामित करता है} other {यह लिंक # साइटमैप नामित करता है}}',
  'site.linked-help': 'जब तक आप न कहें, कुछ भी नहीं लाया जाता। निजी नेटवर्क के पते (यह कंप्यूटर, राउटर, इंट्रानेट) केवल एक-एक करके, हर एक अपने क्लिक पर लाए जाते हैं।',
  'site.linked-private': '{kind, select, loopback {यह कंप्यूटर} link_local {लिंक-लोकल पता} other {निजी नेटवर्क}}',
  'site.linked-fetch': '{count, plural, one {इसे लाएँ} other {सभी # लाएँ}}',
  'site.linked-fetch-public': '{count, plural, one {सार्वजनिक वाला लाएँ} other {# सार्वजनिक वाले लाएँ}}',
  'site.linked-fetch-one': '{url} लाएँ',
  'site.linked-more': '{count, plural, one {और # अन्य} other {और # अन्य}}',
  'site.linked-drop': 'न लाएँ',
  'site.empty-why': 'इन्वेंटरी खाली है: किसी स्रोत ने कोई URL नहीं दिया। कारण हर स्रोत के नीचे लिखा है।',
  'site.source-read-as': '{url} के रूप में पढ़ा गया, वह चाइल्ड साइटमैप जिसे {parent} नामित करता है (दोबारा नहीं पढ़ा गया)।',
  'site.source-file': '{file} के रूप में खोला गया',
  'site.source-other-hosts': '{hosts} पर',
  'site.source-no-url': 'इसमें कोई URL नहीं है।',
  'site.hint-relative': 'फ़ीड के सापेक्ष लिंक हल करने के लिए साइट दें (एडिटर के ऊपर साइट और फ़ेच परिणाम)।',
  'site.hint-other-host': 'सभी {host} पर हैं: यदि यह उसी साइट का साइटमैप है, तो उसे साइट के रूप में दें (एडिटर के ऊपर साइट और फ़ेच परिणाम)।',
} satisfies Record<string, string>;
