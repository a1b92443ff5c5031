// An Arena bot in Java (one file, no dependencies): a random legal move. Run: java Bot.java
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.SplittableRandom;

public class Bot {
  public static void main(String[] args) throws Exception {
    BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
    String[] legal = new String[0];
    SplittableRandom rng = new SplittableRandom(1);
    for (String line; (line = in.readLine()) != null; ) {
      String[] words = line.trim().split("\\s+");
      switch (words[0]) {
        case "arena":
          say("name my-java-bot\nauthor me\nready");
          break;
        case "newgame":  // the seat's seed: the same game repeats exactly
          rng = new SplittableRandom(words.length > 4 ? Long.parseUnsignedLong(words[4]) : 1);
          break;
        case "legal":
          legal = Arrays.copyOfRange(words, 1, words.length);
          break;
        case "go":
          say("move " + legal[rng.nextInt(legal.length)]);
          break;
        case "quit":
          return;
        default:  // obs, event, gameover, and lines of later protocol versions
          break;
      }
    }
  }

  static void say(String lines) {
    System.out.print(lines + "\n");
    System.out.flush();
  }
}
