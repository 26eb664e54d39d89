// Package tracking reads workflows from the saga tracker's gRPC API
// (docket.tracker.v1.Tracker) for ingest's status endpoints.
package tracking

import (
	"context"
	"errors"
	"fmt"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/credentials"
	"google.golang.org/grpc/credentials/insecure"
	"google.golang.org/grpc/status"

	trackerv1 "github.com/docket-run/docket/proto/docket/tracker/v1"
)

// Config says where the tracker is and how to talk to it.
type Config struct {
	// Addr is the tracker's gRPC address, host:port.
	Addr string
	// Token is sent as a bearer token with every call: an operator's, since
	// ingest reads every tenant's workflows and scopes them itself.
	Token string
	// CAFile, when set, makes the connection TLS, verified with this PEM
	// bundle.
	CAFile string
	// Timeout bounds one read.
	Timeout time.Duration
}

// ErrNotFound: the tracker has not seen the workflow (yet).
var ErrNotFound = errors.New("workflow not known to the saga tracker")

// ErrNoWatch: the tracker does not stream changes (no WatchWorkflow).
var ErrNoWatch = errors.New("saga tracker cannot stream changes")

// Client reads the tracker.
type Client struct {
	cc      *grpc.ClientConn
	cl      trackerv1.TrackerClient
	timeout time.Duration
}

// Dial returns a client of the tracker at cfg.Addr; it connects on first
// use and reconnects by itself.
func Dial(cfg Config) (*Client, error) {
	creds := insecure.NewCredentials()
	if cfg.CAFile != "" {
		c, err := credentials.NewClientTLSFromFile(cfg.CAFile, "")
		if err != nil {
			return nil, fmt.Errorf("saga tracker CA file: %w", err)
		}
		creds = c
	}
	opts := []grpc.DialOption{grpc.WithTransportCredentials(creds)}
	if cfg.Token != "" {
		opts = append(opts, grpc.WithPerRPCCredentials(bearer{token: cfg.Token, secure: cfg.CAFile != ""}))
	}
	cc, err := grpc.NewClient(cfg.Addr, opts...)
	if err != nil {
		return nil, fmt.Errorf("saga tracker address %q: %w", cfg.Addr, err)
	}
	return &Client{cc: cc, cl: trackerv1.NewTrackerClient(cc), timeout: cfg.Timeout}, nil
}

// Close closes the connection.
func (c *Client) Close() error { return c.cc.Close() }

// Workflow returns the projected state of workflow id, or ErrNotFound.
func (c *Client) Workflow(ctx context.Context, id string) (*trackerv1.Workflow, error) {
	ctx, cancel := context.WithTimeout(ctx, c.timeout)
	defer cancel()
	w, err := c.cl.GetWorkflow(ctx, &trackerv1.GetWorkflowRequest{Id: id})
	if status.Code(err) == codes.NotFound {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("read workflow %s from the saga tracker: %w", id, err)
	}
	return w, nil
}

// Watch calls changed after each change to workflow id (first for its
// current state, when the tracker knows it) until ctx ends or changed
// returns an error, which Watch returns. A broken stream is resumed from
// its cursor after retry; ErrNoWatch when the tracker does not stream.
func (c *Client) Watch(ctx context.Context, id string, retry time.Duration, changed func() error) error {
	cursor := ""
	for {
		st, err := c.cl.WatchWorkflow(ctx, &trackerv1.WatchWorkflowRequest{Id: id, Cursor: cursor})
		for err == nil {
			var ch *trackerv1.WorkflowChange
			if ch, err = st.Recv(); err == nil {
				cursor = ch.GetCursor()
				if err := changed(); err != nil {
					return err
				}
			}
		}
		switch {
		case ctx.Err() != nil:
			return ctx.Err()
		case status.Code(err) == codes.Unimplemented:
			return ErrNoWatch
		case status.Code(err) == codes.FailedPrecondition:
			cursor = "" // too old: start again from a snapshot
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(retry):
		}
	}
}

// bearer sends "authorization: Bearer <token>" with every call.
type bearer struct {
	token  string
	secure bool
}

func (b bearer) GetRequestMetadata(context.Context, ...string) (map[string]string, error) {
	return map[string]string{"authorization": "Bearer " + b.token}, nil
}

func (b bearer) RequireTransportSecurity() bool { return b.secure }
