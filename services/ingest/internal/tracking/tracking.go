// Package tracking reads workflows from the saga tracker's gRPC API
// (docket.tracker.v1.Tracker) for ingest's status endpoints.
package tracking

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"github.com/docket-run/docket/pkg/trackerclient"
	trackerv1 "github.com/docket-run/docket/proto/docket/tracker/v1"
)

// Config says where the tracker is, how to reach it and how long a read
// may take.
type Config struct {
	// Client is the connection (pkg/trackerclient): address, token, TLS.
	// Its token should be a service principal's: ingest reads every
	// tenant's workflows and answers each tenant only its own.
	Client trackerclient.Config
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

// Dial returns a client of the tracker; it connects on first use and
// reconnects by itself.
func Dial(cfg Config, log *slog.Logger) (*Client, error) {
	cc, err := trackerclient.Dial(cfg.Client, log)
	if err != nil {
		return nil, err
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
