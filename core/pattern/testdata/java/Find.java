// Find is the reference's side of the pattern package's differential
// test: it compiles patterns with java.util.regex.Pattern.compile and
// checks probes with Matcher.find(), as the Smithy reference's
// PatternTrait and its pattern validator do.
//
// Protocol (one request a line on stdin, one answer a line on stdout;
// texts are base64 of their UTF-8):
//   P <pattern>  ->  OK | ERR <message>
//   M <probe>    ->  T | F   (against the last pattern that compiled)
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

public final class Find {
    public static void main(String[] args) throws Exception {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        PrintStream out = new PrintStream(System.out, false, "UTF-8");
        Base64.Decoder dec = Base64.getDecoder();
        Base64.Encoder enc = Base64.getEncoder();
        Pattern p = null;
        String line;
        while ((line = in.readLine()) != null) {
            String text = new String(dec.decode(line.substring(2)), StandardCharsets.UTF_8);
            if (line.charAt(0) == 'P') {
                try {
                    p = Pattern.compile(text);
                    out.println("OK");
                } catch (PatternSyntaxException e) {
                    p = null;
                    out.println("ERR " + enc.encodeToString(e.getMessage().getBytes(StandardCharsets.UTF_8)));
                } catch (RuntimeException | StackOverflowError e) {
                    p = null;
                    out.println("ERR " + enc.encodeToString(("(" + e.getClass().getName() + ") " + e.getMessage()).getBytes(StandardCharsets.UTF_8)));
                }
            } else {
                out.println(p != null && p.matcher(text).find() ? "T" : "F");
            }
            out.flush();
        }
    }
}
