/*
 * Starts AWS's DynamoDB Local listening on 127.0.0.1 only. Its own main listens on every interface
 * and has no option to choose one, so anyone on the network could read and change a developer's
 * tables (it checks no credentials). This builds the same server from the same arguments, moves its
 * one connector to the loopback address, and starts it. Run by infra/local/dynamodb-local.ts as a
 * single-file source program (`java DynamoDBLocalLoopback.java ...`), so there is nothing to build.
 */
import java.lang.reflect.Field;
import org.eclipse.jetty.server.Connector;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import software.amazon.dynamodb.services.local.main.ServerRunner;
import software.amazon.dynamodb.services.local.server.DynamoDBProxyServer;

public class DynamoDBLocalLoopback {
  public static void main(String[] args) throws Exception {
    DynamoDBProxyServer proxy = ServerRunner.createServerFromCommandLineArgs(args);
    // The Jetty server is private and unstarted here; its connector takes a host until it starts.
    Field field = DynamoDBProxyServer.class.getDeclaredField("server");
    field.setAccessible(true);
    Connector[] connectors = ((Server) field.get(proxy)).getConnectors();
    if (connectors.length == 0) throw new IllegalStateException("DynamoDB Local has no connector to bind to loopback");
    for (Connector connector : connectors) ((ServerConnector) connector).setHost("127.0.0.1");
    proxy.start();
  }
}
