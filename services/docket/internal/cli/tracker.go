package cli

import (
	"context"
	"flag"
	"fmt"

	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials"
	"google.golang.org/grpc/credentials/insecure"
)

// trackerFlags are the flags every command that talks to the saga tracker
// shares: its address, a bearer token and TLS.
type trackerFlags struct {
	addr   *string
	token  *string
	caFile *string
}

// addTrackerFlags registers --tracker, the token flag (named tokenFlag:
// --token, or --tracker-token where --token means something else) and
// --ca-file on fs.
func addTrackerFlags(fs *flag.FlagSet, tokenFlag string) trackerFlags {
	return trackerFlags{
		addr:   fs.String("tracker", envOr("DOCKET_SAGATRACKER_ADDR", "127.0.0.1:9090"), "saga tracker gRPC address (default $DOCKET_SAGATRACKER_ADDR, else 127.0.0.1:9090)"),
		token:  fs.String(tokenFlag, envOr("DOCKET_TOKEN", ""), "bearer token for the saga tracker (default $DOCKET_TOKEN)"),
		caFile: fs.String("ca-file", envOr("DOCKET_TRACKER_CA_FILE", ""), "PEM CA bundle: talk TLS to the saga tracker, verified with it (default $DOCKET_TRACKER_CA_FILE; plaintext when empty)"),
	}
}

// dial opens a client connection to the tracker (it connects lazily).
func (f trackerFlags) dial() (*grpc.ClientConn, error) {
	creds := insecure.NewCredentials()
	if *f.caFile != "" {
		c, err := credentials.NewClientTLSFromFile(*f.caFile, "")
		if err != nil {
			return nil, fmt.Errorf("%w: --ca-file %q: %v", errUsage, *f.caFile, err)
		}
		creds = c
	}
	opts := []grpc.DialOption{grpc.WithTransportCredentials(creds)}
	if *f.token != "" {
		opts = append(opts, grpc.WithPerRPCCredentials(bearer{token: *f.token, secure: *f.caFile != ""}))
	}
	cc, err := grpc.NewClient(*f.addr, opts...)
	if err != nil {
		return nil, fmt.Errorf("%w: --tracker %q: %v", errUsage, *f.addr, err)
	}
	return cc, nil
}

// bearer sends "authorization: Bearer <token>" with every call. Over
// plaintext too: the tracker's default address is loopback.
type bearer struct {
	token  string
	secure bool
}

func (b bearer) GetRequestMetadata(context.Context, ...string) (map[string]string, error) {
	return map[string]string{"authorization": "Bearer " + b.token}, nil
}

func (b bearer) RequireTransportSecurity() bool { return b.secure }
