// Java's XML Schema verdicts (the JDK's javax.xml.validation, as the official Java validators check the
// schema step), for test/unit/einvoicing-rules-xsd-java-parity.test.ts. Run as a source file:
//   java test/java/XsdVerdicts.java schema.xsd file.xml [file.xml ...]
// Prints one line per file: its path, a tab, and how many schema errors it has (a file that is not
// well-formed counts as one).
import java.io.File;
import javax.xml.XMLConstants;
import javax.xml.transform.stream.StreamSource;
import javax.xml.validation.Schema;
import javax.xml.validation.SchemaFactory;
import javax.xml.validation.Validator;
import org.xml.sax.ErrorHandler;
import org.xml.sax.SAXParseException;

public class XsdVerdicts {
  public static void main(String[] args) throws Exception {
    Schema schema = SchemaFactory.newInstance(XMLConstants.W3C_XML_SCHEMA_NS_URI).newSchema(new File(args[0]));
    for (int i = 1; i < args.length; i++) {
      Validator validator = schema.newValidator();
      int[] errors = {0};
      validator.setErrorHandler(new ErrorHandler() {
        public void warning(SAXParseException e) {}
        public void error(SAXParseException e) { errors[0]++; }
        public void fatalError(SAXParseException e) throws SAXParseException { throw e; }
      });
      try {
        validator.validate(new StreamSource(new File(args[i])));
      } catch (Exception e) {
        errors[0]++;
      }
      System.out.println(args[i] + "\t" + errors[0]);
    }
  }
}
