import java.lang.reflect.Field;
import java.util.Arrays;
import org.eclipse.jetty.server.Connector;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import software.amazon.dynamodb.services.local.main.ServerRunner;
import software.amazon.dynamodb.services.local.server.DynamoDBProxyServer;

/**
 * DynamoDB Local on one network interface. The emulator has no option for
 * the address it listens on (it takes every interface); this builds it from
 * the usual command-line options, then sets its connector's host before it
 * starts. Run by functions/local/dynamodb-local.ts as a single source file
 * (`java DynamoDbLocalOnHost.java <host> <DynamoDB Local options...>`).
 */
public class DynamoDbLocalOnHost {
  public static void main(String[] args) throws Exception {
    String host = args[0];
    DynamoDBProxyServer proxy = ServerRunner.createServerFromCommandLineArgs(Arrays.copyOfRange(args, 1, args.length));
    Field field = DynamoDBProxyServer.class.getDeclaredField("server");
    field.setAccessible(true);
    Server server = (Server) field.get(proxy);
    for (Connector connector : server.getConnectors()) {
      ((ServerConnector) connector).setHost(host);
    }
    proxy.start();
  }
}
