package cli

import (
	"flag"
	"fmt"

	"google.golang.org/grpc"

	"github.com/docket-run/docket/pkg/trackerclient"
)

// trackerFlags are the flags every command that talks to the saga tracker
// shares: its address, a bearer token (or a file holding it) and TLS.
type trackerFlags struct {
	addr      *string
	token     *string
	tokenFile *string
	caFile    *string
	certFile  *string
	keyFile   *string
}

// addTrackerFlags registers --tracker, the token flag (named tokenFlag:
// --token, or --tracker-token where --token means something else),
// --token-file, --ca-file, --cert-file and --key-file on fs.
func addTrackerFlags(fs *flag.FlagSet, tokenFlag string) trackerFlags {
	return trackerFlags{
		addr:      fs.String("tracker", envOr("DOCKET_SAGATRACKER_ADDR", "127.0.0.1:9090"), "saga tracker gRPC address (default $DOCKET_SAGATRACKER_ADDR, else 127.0.0.1:9090)"),
		token:     fs.String(tokenFlag, envOr("DOCKET_TOKEN", ""), "bearer token for the saga tracker (default $DOCKET_TOKEN)"),
		tokenFile: fs.String(tokenFlag+"-file", envOr("DOCKET_TOKEN_FILE", ""), "file holding the bearer token for the saga tracker (default $DOCKET_TOKEN_FILE; wins over the token)"),
		caFile:    fs.String("ca-file", envOr("DOCKET_TRACKER_CA_FILE", ""), "PEM CA bundle: talk TLS to the saga tracker, verified with it (default $DOCKET_TRACKER_CA_FILE; plaintext when empty)"),
		certFile:  fs.String("cert-file", envOr("DOCKET_TRACKER_CERT_FILE", ""), "PEM client certificate for mutual TLS (default $DOCKET_TRACKER_CERT_FILE)"),
		keyFile:   fs.String("key-file", envOr("DOCKET_TRACKER_KEY_FILE", ""), "PEM key of --cert-file (default $DOCKET_TRACKER_KEY_FILE)"),
	}
}

// config returns the connection settings the flags give.
func (f trackerFlags) config() trackerclient.Config {
	return trackerclient.Config{Addr: *f.addr, Token: *f.token, TokenFile: *f.tokenFile, CAFile: *f.caFile, CertFile: *f.certFile, KeyFile: *f.keyFile}
}

// dial opens a client connection to the tracker (it connects lazily).
func (f trackerFlags) dial() (*grpc.ClientConn, error) {
	c := f.config()
	if err := c.Validate(); err != nil {
		return nil, fmt.Errorf("%w: %v", errUsage, err)
	}
	cc, err := trackerclient.Dial(c, nil)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", errUsage, err)
	}
	return cc, nil
}
