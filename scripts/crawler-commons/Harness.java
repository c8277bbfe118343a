import crawlercommons.robots.*;
import java.io.*;
import java.nio.charset.StandardCharsets;
import java.util.*;
// Reads lines "base64(robots)\tname\tbase64(url)" and prints allowed or error.
public class Harness {
  public static void main(String[] args) throws Exception {
    BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
    PrintWriter out = new PrintWriter(new OutputStreamWriter(System.out, StandardCharsets.UTF_8));
    SimpleRobotRulesParser parser = new SimpleRobotRulesParser();
    String line; String lastBody = null; String lastName = null; SimpleRobotRules rules = null;
    while ((line = in.readLine()) != null) {
      String[] f = line.split("\t", -1);
      byte[] body = Base64.getDecoder().decode(f[0]);
      String name = f[1];
      String url = new String(Base64.getDecoder().decode(f[2]), StandardCharsets.UTF_8);
      try {
        if (!f[0].equals(lastBody) || !name.equals(lastName)) {
          rules = parser.parseContent("https://example.com/robots.txt", body, "text/plain", List.of(name));
          lastBody = f[0]; lastName = name;
        }
        out.println(rules.isAllowed(url) ? "true" : "false");
      } catch (Exception e) { out.println("error " + e); lastBody = null; }
    }
    out.flush();
  }
}
