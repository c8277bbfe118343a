package org.slf4j;
public class Logger {
  public void debug(String m, Object... a) {} public void info(String m, Object... a) {} public void warn(String m, Object... a) {}
  public void error(String m, Object... a) {} public void trace(String m, Object... a) {}
  public boolean isDebugEnabled() { return false; } public boolean isTraceEnabled() { return false; } public boolean isInfoEnabled() { return false; } public boolean isWarnEnabled() { return false; }
}
