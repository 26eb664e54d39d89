package cli

import (
	"bytes"
	"context"
	"encoding/hex"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/docket-run/docket/pkg/fault"
	"github.com/docket-run/docket/services/docket/internal/render"
)

// Limits of the dlq commands.
const (
	maxDLQResponse = 32 << 20 // bytes of one answer of an operator API
	maxDLQReason   = 2000     // the agent's limit on a reason
	maxDLQLimit    = 1000     // the agent's limit on a listing
)

// parkedSummary is a parked item in the exception agent's listing
// (GET /v1/parked).
type parkedSummary struct {
	ID          string    `json:"id"`
	Kind        string    `json:"kind"`
	Service     string    `json:"service"`
	Workflow    string    `json:"workflow_id"`
	Reason      string    `json:"reason"`
	ErrorClass  string    `json:"error_class"`
	Attempts    int       `json:"attempts"`
	SourceTopic string    `json:"source_topic"`
	ParkedAt    time.Time `json:"parked_at"`
}

// parkedDetail is one parked item (GET /v1/parked/{id}).
type parkedDetail struct {
	ID       string    `json:"id"`
	Kind     string    `json:"kind"`
	Service  string    `json:"service"`
	Workflow string    `json:"workflow_id"`
	Reason   string    `json:"reason"`
	ParkedAt time.Time `json:"parked_at"`
	Envelope struct {
		EventID         string    `json:"event_id"`
		TenantID        string    `json:"tenant_id"`
		SourceTopic     string    `json:"source_topic"`
		SourcePartition int       `json:"source_partition"`
		SourceOffset    int64     `json:"source_offset"`
		ErrorClass      string    `json:"error_class"`
		ErrorMessage    string    `json:"error_message"`
		OriginalValue   []byte    `json:"original_value"`
		Attempts        int       `json:"attempts"`
		FirstFailureAt  time.Time `json:"first_failure_at"`
		LastFailureAt   time.Time `json:"last_failure_at"`
		AttemptHistory  []struct {
			At           time.Time `json:"at"`
			ErrorClass   string    `json:"error_class"`
			ErrorMessage string    `json:"error_message"`
		} `json:"attempt_history"`
	} `json:"envelope"`
	PayloadType  string          `json:"payload_type"`
	Payload      json.RawMessage `json:"payload"`
	PayloadRaw   []byte          `json:"payload_raw"`
	PayloadError string          `json:"payload_error"`
}

// dlq runs `docket dlq list|show|replay|discard`, a client of the exception
// agent's operators' API.
func dlq(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	if len(args) == 0 {
		return fmt.Errorf("%w: dlq needs a command: list, show, replay or discard", errUsage)
	}
	cmd := args[0]
	fs := flag.NewFlagSet("dlq "+cmd, flag.ContinueOnError)
	fs.SetOutput(stderr)
	addr := fs.String("exception", envOr("DOCKET_EXCEPTION_ADDR", "127.0.0.1:8084"), "exception agent address or URL (default $DOCKET_EXCEPTION_ADDR, else 127.0.0.1:8084)")
	token := fs.String("token", envOr("DOCKET_EXCEPTION_TOKEN", ""), "operator bearer token for the exception agent (default $DOCKET_EXCEPTION_TOKEN)")
	tokenFile := fs.String("token-file", envOr("DOCKET_EXCEPTION_TOKEN_FILE", ""), "file holding the operator token (default $DOCKET_EXCEPTION_TOKEN_FILE; wins over --token)")
	out := outputFlag(fs)
	timeout := fs.Duration("timeout", 30*time.Second, "give up after this long")
	var service, workflow, reason, actor *string
	var limit *int
	switch cmd {
	case "list":
		service = fs.String("service", "", "only items of this service")
		workflow = fs.String("workflow", "", "only items of this workflow")
		limit = fs.Int("limit", 100, fmt.Sprintf("at most this many items (1..%d)", maxDLQLimit))
	case "show":
	case "replay", "discard":
		help := "why (optional)"
		if cmd == "discard" {
			help = "why the item is dropped (required)"
		}
		reason = fs.String("reason", "", help)
		actor = fs.String("actor", "", "who acts; with a token the agent records the token's principal and refuses another name (default: the principal, or $USER on an agent without authentication, recorded as unauthenticated:$USER)")
	default:
		return fmt.Errorf("%w: unknown command \"dlq %s\"", errUsage, cmd)
	}
	pos, err := parseInterspersed(fs, args[1:])
	if err != nil {
		return err
	}
	if err := checkOutput(*out); err != nil {
		return err
	}
	if err := readTokenFile(token, *tokenFile); err != nil {
		return err
	}
	base, err := apiURL("--exception", *addr)
	if err != nil {
		return err
	}
	ctx, cancel := context.WithTimeout(ctx, *timeout)
	defer cancel()

	if cmd == "list" {
		if len(pos) > 0 {
			return fmt.Errorf("%w: dlq list takes no arguments, got %q", errUsage, pos)
		}
		if *limit < 1 || *limit > maxDLQLimit {
			return fmt.Errorf("%w: --limit %d: want 1..%d", errUsage, *limit, maxDLQLimit)
		}
		q := url.Values{}
		if *service != "" {
			q.Set("service", *service)
		}
		if *workflow != "" {
			q.Set("workflow", *workflow)
		}
		q.Set("limit", strconv.Itoa(*limit))
		body, err := apiCall(ctx, "exception agent", *token, http.MethodGet, base+"/v1/parked?"+q.Encode(), nil)
		if err != nil {
			return fmt.Errorf("dlq list: %w", err)
		}
		if *out == outJSON {
			return writeJSONBody(stdout, body)
		}
		var resp struct {
			Items []parkedSummary `json:"items"`
		}
		if err := json.Unmarshal(body, &resp); err != nil {
			return fmt.Errorf("dlq list: decode answer: %w", err)
		}
		return parkedTable(stdout, resp.Items)
	}

	id, err := oneID("dlq "+cmd, pos)
	if err != nil {
		return err
	}
	path := base + "/v1/parked/" + url.PathEscape(id)
	switch cmd {
	case "show":
		body, err := apiCall(ctx, "exception agent", *token, http.MethodGet, path, nil)
		if err != nil {
			return fmt.Errorf("dlq show %s: %w", id, err)
		}
		if *out == outJSON {
			return writeJSONBody(stdout, body)
		}
		var d parkedDetail
		if err := json.Unmarshal(body, &d); err != nil {
			return fmt.Errorf("dlq show %s: decode answer: %w", id, err)
		}
		return parkedView(stdout, &d)
	default: // replay, discard
		r := strings.TrimSpace(*reason)
		if cmd == "discard" && r == "" {
			return fmt.Errorf("%w: dlq discard needs --reason", errUsage)
		}
		if len(r) > maxDLQReason {
			return fmt.Errorf("%w: --reason is limited to %d bytes", errUsage, maxDLQReason)
		}
		if *actor == "" && *token == "" {
			*actor = os.Getenv("USER")
		}
		req, err := json.Marshal(map[string]string{"reason": r, "actor": *actor})
		if err != nil {
			return fmt.Errorf("dlq %s: encode request: %w", cmd, err)
		}
		body, err := apiCall(ctx, "exception agent", *token, http.MethodPost, path+"/"+cmd, req)
		if err != nil {
			return fmt.Errorf("dlq %s %s: %w", cmd, id, err)
		}
		if *out == outJSON {
			return writeJSONBody(stdout, body)
		}
		var resp struct {
			ID     string `json:"id"`
			Status string `json:"status"`
			Topic  string `json:"topic"`
		}
		if err := json.Unmarshal(body, &resp); err != nil {
			return fmt.Errorf("dlq %s %s: decode answer: %w", cmd, id, err)
		}
		if resp.Topic != "" {
			_, err = fmt.Fprintf(stdout, "%s %s to %s\n", resp.Status, resp.ID, resp.Topic)
		} else {
			_, err = fmt.Fprintf(stdout, "%s %s\n", resp.Status, resp.ID)
		}
		return err
	}
}

// apiURL makes a base URL of an API's address flag: host:port or a URL.
// readTokenFile sets *token to the token in file (--token-file, which wins
// over --token); nothing when file is empty.
func readTokenFile(token *string, file string) error {
	if file == "" {
		return nil
	}
	b, err := os.ReadFile(file)
	if err != nil {
		return fmt.Errorf("%w: --token-file: %v", errUsage, err)
	}
	*token = strings.TrimSpace(string(b))
	return nil
}

func apiURL(flagName, addr string) (string, error) {
	if !strings.Contains(addr, "://") {
		addr = "http://" + addr
	}
	u, err := url.Parse(addr)
	if err != nil || u.Host == "" || (u.Scheme != "http" && u.Scheme != "https") {
		return "", fmt.Errorf("%w: %s %q: want host:port or an http(s) URL", errUsage, flagName, addr)
	}
	return strings.TrimSuffix(u.String(), "/"), nil
}

// apiCall sends one request to the API of who (the exception agent, the
// classifier) and returns the body of a 2xx answer; any other answer is an
// error carrying the server's message.
func apiCall(ctx context.Context, who, token, method, u string, body []byte) ([]byte, error) {
	var rd io.Reader
	if body != nil {
		rd = bytes.NewReader(body)
	}
	req, err := http.NewRequestWithContext(ctx, method, u, rd)
	if err != nil {
		return nil, fmt.Errorf("build request: %w", err)
	}
	req.Header.Set("Accept", "application/json")
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", who, err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(io.LimitReader(resp.Body, maxDLQResponse+1))
	if err != nil {
		return nil, fmt.Errorf("%s: read answer: %w", who, err)
	}
	if len(b) > maxDLQResponse {
		return nil, fmt.Errorf("%s: answer larger than %d bytes", who, maxDLQResponse)
	}
	if resp.StatusCode/100 != 2 {
		var e struct {
			Error string `json:"error"`
		}
		msg := strings.TrimSpace(string(b))
		if json.Unmarshal(b, &e) == nil && e.Error != "" {
			msg = e.Error
		}
		if msg == "" {
			msg = http.StatusText(resp.StatusCode)
		}
		return nil, fmt.Errorf("%s: %s (HTTP %d)", who, render.OneLine(msg, 500), resp.StatusCode)
	}
	return b, nil
}

// writeJSONBody writes a JSON answer indented.
func writeJSONBody(w io.Writer, body []byte) error {
	var buf bytes.Buffer
	if err := json.Indent(&buf, body, "", "  "); err != nil {
		return fmt.Errorf("answer is not JSON: %w", err)
	}
	buf.WriteByte('\n')
	_, err := w.Write(buf.Bytes())
	return err
}

func tm(t time.Time) string {
	if t.IsZero() {
		return "-"
	}
	return t.UTC().Format(time.RFC3339Nano)
}

func parkedTable(w io.Writer, items []parkedSummary) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "ID\tKIND\tSERVICE\tWORKFLOW\tCLASS\tATTEMPTS\tPARKED\tREASON")
	for _, p := range items {
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%d\t%s\t%s\n", p.ID, render.OrDash(p.Kind), render.OrDash(p.Service), render.OrDash(p.Workflow),
			render.OrDash(p.ErrorClass), p.Attempts, tm(p.ParkedAt), render.OrDash(render.OneLine(p.Reason, 80)))
	}
	return tw.Flush()
}

func parkedView(w io.Writer, d *parkedDetail) error {
	e := &d.Envelope
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintf(tw, "ID:\t%s\n", d.ID)
	fmt.Fprintf(tw, "Kind:\t%s\n", render.OrDash(d.Kind))
	fmt.Fprintf(tw, "Service:\t%s\n", render.OrDash(d.Service))
	fmt.Fprintf(tw, "Workflow:\t%s\n", render.OrDash(d.Workflow))
	fmt.Fprintf(tw, "Tenant:\t%s\n", render.OrDash(e.TenantID))
	fmt.Fprintf(tw, "Parked:\t%s\n", tm(d.ParkedAt))
	fmt.Fprintf(tw, "Reason:\t%s\n", render.OrDash(render.OneLine(d.Reason, 500)))
	fmt.Fprintf(tw, "Event:\t%s\n", render.OrDash(e.EventID))
	fmt.Fprintf(tw, "Source:\t%s/%d@%d\n", render.OrDash(e.SourceTopic), e.SourcePartition, e.SourceOffset)
	fmt.Fprintf(tw, "Error:\t%s: %s\n", render.OrDash(e.ErrorClass), render.OneLine(fault.TrimClass(e.ErrorMessage), 500))
	fmt.Fprintf(tw, "Attempts:\t%d (first failure %s, last %s)\n", e.Attempts, tm(e.FirstFailureAt), tm(e.LastFailureAt))
	if err := tw.Flush(); err != nil {
		return err
	}
	if len(e.AttemptHistory) > 0 {
		fmt.Fprintln(w)
		tw = tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
		fmt.Fprintln(tw, "FAILED AT\tCLASS\tMESSAGE")
		for _, a := range e.AttemptHistory {
			fmt.Fprintf(tw, "%s\t%s\t%s\n", tm(a.At), render.OrDash(a.ErrorClass), render.OneLine(fault.TrimClass(a.ErrorMessage), 120))
		}
		if err := tw.Flush(); err != nil {
			return err
		}
	}
	fmt.Fprintln(w)
	switch {
	case len(d.Payload) > 0:
		var buf bytes.Buffer
		if err := json.Indent(&buf, d.Payload, "", "  "); err != nil {
			buf.Reset()
			buf.Write(d.Payload)
		}
		_, err := fmt.Fprintf(w, "Payload (%s):\n%s\n", render.OrDash(d.PayloadType), buf.Bytes())
		return err
	default:
		raw := d.PayloadRaw
		if len(raw) == 0 {
			raw = e.OriginalValue
		}
		if _, err := fmt.Fprintf(w, "Payload: %d bytes, not decoded: %s\n", len(raw), render.OrDash(d.PayloadError)); err != nil {
			return err
		}
		return hexPreview(w, raw)
	}
}

// hexPreviewBytes bounds the bytes of a payload dlq show dumps.
const hexPreviewBytes = 256

// hexPreview writes the start of a payload that does not decode as a hex
// dump (offset, bytes, printable characters), saying how much it left out.
func hexPreview(w io.Writer, b []byte) error {
	if len(b) == 0 {
		return nil
	}
	if _, err := io.WriteString(w, hex.Dump(b[:min(len(b), hexPreviewBytes)])); err != nil {
		return err
	}
	if len(b) > hexPreviewBytes {
		_, err := fmt.Fprintf(w, "… %d more bytes (-o json has them all, base64 in payload_raw)\n", len(b)-hexPreviewBytes)
		return err
	}
	return nil
}
