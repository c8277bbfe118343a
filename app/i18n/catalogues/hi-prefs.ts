/** hi: the words of the AI-use preferences line beside the verdict (the engine's), loaded with it. */
export default {
  'prefs.label': 'AI प्राथमिकताएं',
  'prefs.crawl': '{crawl, select, allowed {क्रॉल करने की अनुमति है} other {क्रॉल करना रोका गया है, इसलिए यहां कोई AI प्राथमिकता लागू नहीं होती}}',
  'prefs.usage': 'लाइन {line} से {key} = {value} (Content-Usage{scoped, select, yes { {path}} other {}})',
  'prefs.signal': 'लाइन {line} से {key} = {value} (Content-Signal)',
  'prefs.license': 'लाइसेंस (RSL): {url}, लाइन {line}',
  'prefs.withheld': 'जहां क्रॉल करने की अनुमति हो, वहां {count, plural, one {लाइन {lines} लागू होती} other {लाइनें {lines} लागू होतीं}}',
  'prefs.none': 'इस URL के लिए AI इस्तेमाल की कोई प्राथमिकता नहीं',
} satisfies Record<string, string>;
