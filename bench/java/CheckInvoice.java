// The three steps of a Peppol check in Java, as a user of the official validators runs them: XSD (the
// JDK's javax.xml.validation), then each Schematron XSLT with Saxon-HE (compiled from source in this
// JVM, run on the invoice). Prints one line per step: its name, milliseconds, and the failed asserts and
// schema errors found. Used by bench/rules-java.ts with a cold JVM per run.
// Usage: java -cp Saxon-HE.jar:<classes> CheckInvoice invoice.xml schema.xsd rules1.xslt [rules2.xslt ...]
import java.io.File;
import java.util.concurrent.atomic.AtomicInteger;
import javax.xml.XMLConstants;
import javax.xml.transform.stream.StreamSource;
import javax.xml.validation.SchemaFactory;
import javax.xml.validation.Validator;
import net.sf.saxon.s9api.Processor;
import net.sf.saxon.s9api.XdmDestination;
import net.sf.saxon.s9api.XPathCompiler;
import net.sf.saxon.s9api.XsltExecutable;
import net.sf.saxon.s9api.XsltTransformer;
import org.xml.sax.ErrorHandler;
import org.xml.sax.SAXParseException;

public class CheckInvoice {
  public static void main(String[] args) throws Exception {
    File invoice = new File(args[0]);
    long start = System.nanoTime();
    AtomicInteger errors = new AtomicInteger();
    Validator validator =
        SchemaFactory.newInstance(XMLConstants.W3C_XML_SCHEMA_NS_URI).newSchema(new File(args[1])).newValidator();
    validator.setErrorHandler(new ErrorHandler() {
      public void warning(SAXParseException e) {}
      public void error(SAXParseException e) { errors.incrementAndGet(); }
      public void fatalError(SAXParseException e) throws SAXParseException { throw e; }
    });
    validator.validate(new StreamSource(invoice));
    System.out.println("xsd " + (System.nanoTime() - start) / 1_000_000 + " " + errors.get());
    Processor processor = new Processor(false);
    XPathCompiler xpath = processor.newXPathCompiler();
    xpath.declareNamespace("svrl", "http://purl.oclc.org/dsdl/svrl");
    for (int i = 2; i < args.length; i++) {
      start = System.nanoTime();
      XsltExecutable executable = processor.newXsltCompiler().compile(new StreamSource(new File(args[i])));
      long compiled = System.nanoTime();
      XsltTransformer transformer = executable.load();
      transformer.setSource(new StreamSource(invoice));
      XdmDestination result = new XdmDestination();
      transformer.setDestination(result);
      transformer.transform();
      String failed =
          xpath.evaluate("count(//svrl:failed-assert)", result.getXdmNode()).itemAt(0).getStringValue();
      System.out.println(new File(args[i]).getName() + " " + (System.nanoTime() - start) / 1_000_000 + " "
          + failed + " compile " + (compiled - start) / 1_000_000);
    }
  }
}
