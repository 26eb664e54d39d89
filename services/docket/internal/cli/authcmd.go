package cli

import (
	"bufio"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/docket-run/docket/pkg/auth"
)

// authHashToken runs `docket auth hash-token --key-file F`: it reads a
// token or API key from stdin (one line) and prints its HMAC-SHA256 under
// the server key, what a tokens file's token_hmacs and a tenants file's
// api_key_hmacs hold, so that neither file carries the secret itself.
func authHashToken(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("auth hash-token", flag.ContinueOnError)
	fs.SetOutput(stderr)
	keyFile := fs.String("key-file", envOr("DOCKET_AUTH_KEY_FILE", ""), "the server key file (default $DOCKET_AUTH_KEY_FILE)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *keyFile == "" || fs.NArg() > 0 {
		return fmt.Errorf("%w: auth hash-token --key-file FILE < token (the token on stdin, never on the command line)", errUsage)
	}
	key, err := auth.LoadKey(*keyFile)
	if err != nil {
		return err
	}
	line, err := bufio.NewReader(io.LimitReader(stdin, 4096)).ReadString('\n')
	if err != nil && err != io.EOF {
		return fmt.Errorf("read token from stdin: %w", err)
	}
	tok := strings.TrimSpace(line)
	if tok == "" {
		return fmt.Errorf("%w: no token on stdin", errUsage)
	}
	fmt.Fprintln(stdout, auth.HashToken(key, tok))
	return nil
}
