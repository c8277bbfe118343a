package org.apache.commons.io;
public class IOUtils {
  public static byte[] toByteArray(java.io.InputStream in) throws java.io.IOException { return in.readAllBytes(); }
  public static byte[] toByteArray(java.net.URLConnection c) throws java.io.IOException { return c.getInputStream().readAllBytes(); }
}
