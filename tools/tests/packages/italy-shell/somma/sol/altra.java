// CMS compiles a submission as TASK.java: its public class is named after the task.
import java.io.File;
import java.io.PrintWriter;
import java.util.Scanner;

public class somma {
    public static void main(String[] args) throws Exception {
        Scanner in = new Scanner(new File("input.txt"));
        long a = in.nextLong(), b = in.nextLong();
        try (PrintWriter out = new PrintWriter("output.txt")) {
            out.println(a + b);
        }
    }
}
