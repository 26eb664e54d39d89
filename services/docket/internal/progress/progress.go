// Package progress follows workflows through the docket topics and prints
// each one's path and result as it happens: the embedded runner's window on
// what the suite does with the documents it is fed.
package progress

import (
	"context"
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode"

	"github.com/twmb/franz-go/pkg/kgo"

	"github.com/docket-run/docket/pkg/bus"
	"github.com/docket-run/docket/pkg/events"
)

// Decoder decodes registry-framed event values.
type Decoder interface {
	Decode(b []byte) (events.Event, error)
}

// Workflow is what the watcher knows of one workflow.
type Workflow struct {
	ID       string
	Filename string
	Path     []string
	Status   string // running, waiting_review, parked, completed, rejected, failed, canceled, timed_out
	Result   string
	Done     bool
}

// Watcher prints workflow progress.
type Watcher struct {
	out   io.Writer
	codec Decoder

	mu        sync.Mutex
	workflows map[string]*Workflow
	finished  chan string
}

// New returns a watcher writing to out.
func New(out io.Writer, codec Decoder) *Watcher {
	return &Watcher{out: out, codec: codec, workflows: map[string]*Workflow{}, finished: make(chan string, 1024)}
}

// Topics returns the topics the watcher follows.
func Topics() []string {
	ts := []string{
		events.TopicSubmitted, events.TopicRejected, events.TopicExtracted, events.TopicClassified,
		events.TopicReviewRequested, events.TopicReviewDecided, events.TopicRecorded, events.TopicControl, events.TopicSteps,
	}
	for _, s := range events.Services() {
		ts = append(ts, events.DLQTopic(s))
	}
	return ts
}

// Run follows the topics from their current end until ctx ends. ready is
// closed once the consumer has its positions, so that documents fed after
// it are seen.
func (w *Watcher) Run(ctx context.Context, kafka []kgo.Opt, ready chan<- struct{}) error {
	cl, err := kgo.NewClient(append(append([]kgo.Opt{}, kafka...),
		kgo.ConsumeTopics(Topics()...),
		kgo.ConsumeResetOffset(kgo.NewOffset().AtEnd()),
		kgo.FetchIsolationLevel(kgo.ReadCommitted()),
	)...)
	if err != nil {
		return fmt.Errorf("progress consumer: %w", err)
	}
	defer cl.Close()
	// A first short poll resolves the end offsets.
	pctx, cancel := context.WithTimeout(ctx, 2*time.Second)
	w.apply(cl.PollFetches(pctx).Records())
	cancel()
	close(ready)
	for {
		fs := cl.PollFetches(ctx)
		if ctx.Err() != nil || fs.IsClientClosed() {
			return nil
		}
		w.apply(fs.Records())
	}
}

// Finished delivers the id of every workflow that reached a result.
func (w *Watcher) Finished() <-chan string { return w.finished }

// Snapshot returns the workflows seen so far, by file name.
func (w *Watcher) Snapshot() []Workflow {
	w.mu.Lock()
	defer w.mu.Unlock()
	out := make([]Workflow, 0, len(w.workflows))
	for _, wf := range w.workflows {
		c := *wf
		c.Path = append([]string(nil), wf.Path...)
		out = append(out, c)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Filename < out[j].Filename })
	return out
}

func (w *Watcher) apply(recs []*kgo.Record) {
	for _, r := range recs {
		e, err := w.codec.Decode(r.Value)
		if err != nil {
			fmt.Fprintf(w.out, "  ! %s: undecodable record at offset %d: %v\n", r.Topic, r.Offset, err)
			continue
		}
		if dl, ok := e.(*events.DeadLetter); ok {
			// A dead letter belongs to the workflow its original record
			// proves, never to its key, which a poison record's producer
			// chose (found from outside: garbage keyed with a finished
			// workflow's id showed that workflow parked).
			wf, err := bus.ProvenWorkflow(w.codec, dl)
			if err != nil || wf == "" {
				fmt.Fprintf(w.out, "  ! %s: dead-lettered by %s, a record of no workflow (key %q): %q\n", r.Topic, dl.Service, r.Key, dl.ErrorMessage)
				continue
			}
			dl.Meta.WorkflowID = wf
		}
		w.step(r.Topic, e)
	}
}

func (w *Watcher) step(topic string, e events.Event) {
	w.mu.Lock()
	defer w.mu.Unlock()
	id := e.EventMeta().WorkflowID
	wf := w.workflows[id]
	if wf == nil {
		wf = &Workflow{ID: id, Status: "running"}
		w.workflows[id] = wf
	}
	var step string
	var after func() // runs once the step is on the path
	switch v := e.(type) {
	case *events.DocumentSubmitted:
		wf.Filename = v.Filename
		step = fmt.Sprintf("submitted (%s, %d bytes)", v.Document.MediaType, v.Document.SizeBytes)
	case *events.DocumentRejected:
		step = "rejected: " + v.ReasonCode
		after = func() { w.finish(wf, "rejected", v.ReasonCode+": "+v.Message) }
	case *events.DocumentExtracted:
		method := ""
		if len(v.Pages) > 0 {
			method = v.Pages[0].Method
		}
		step = fmt.Sprintf("extracted (%d page(s), %s, confidence %s)", len(v.Pages), method, events.ScoreText(float64(v.MeanConfidence)))
	case *events.DocumentClassified:
		step = fmt.Sprintf("classified %s (%s)", v.DocumentType, events.ScoreText(v.Confidence))
	case *events.ReviewRequested:
		step = "review requested: " + v.Reason
		after = func() {
			wf.Status = "waiting_review"
			w.report(wf, "waiting for a reviewer: "+v.Reason)
		}
	case *events.ReviewDecided:
		step = fmt.Sprintf("review decided %s/%s by %s", v.Decision.DocumentType, v.Decision.Outcome, v.Reviewer)
	case *events.DocumentRecorded:
		step = fmt.Sprintf("recorded (ledger sequence %d)", v.Sequence)
		after = func() {
			w.finish(wf, "completed", fmt.Sprintf("ledger %s/%d #%d", v.LedgerTopic, v.LedgerPartition, v.Sequence))
		}
	case *events.WorkflowControl:
		step = "control " + v.Kind
		switch v.Kind {
		case events.KindStepStarted, events.KindStepProgress, events.KindStepRetrying:
			// A long step's own reports: the path shows its result, and
			// they arrive on another topic than that result, so in any
			// order relative to it.
			return
		case "canceled":
			after = func() { w.finish(wf, "canceled", v.Reason) }
		case "deadline_exceeded":
			after = func() { w.finish(wf, "timed_out", "deadline exceeded") }
		case "discarded":
			after = func() { w.finish(wf, "failed", "discarded: "+v.Reason) }
		}
	case *events.DeadLetter:
		step = fmt.Sprintf("dead-lettered by %s (%s)", v.Service, v.ErrorClass)
		if v.ErrorClass != "transient" {
			// The exception agent parks it: an operator may still replay
			// or discard it, a reviewer decide it.
			after = func() {
				wf.Status = "parked"
				w.report(wf, fmt.Sprintf("parked for an operator: %s: %s", v.Service, v.ErrorMessage))
			}
		}
	default:
		step = topic
	}
	wf.Path = append(wf.Path, step)
	if after != nil {
		after()
	}
}

// finish records a result; called with w.mu held.
func (w *Watcher) finish(wf *Workflow, status, result string) {
	if wf.Done {
		return
	}
	wf.Status, wf.Result, wf.Done = status, result, true
	w.report(wf, result)
	select {
	case w.finished <- wf.ID:
	default:
	}
}

// report prints a workflow's path so far; called with w.mu held.
func (w *Watcher) report(wf *Workflow, result string) {
	name := wf.Filename
	if name == "" {
		name = wf.ID
	}
	path := make([]string, 0, len(wf.Path)+1)
	for _, p := range append(wf.Path, wf.Status) {
		path = append(path, printable(p))
	}
	fmt.Fprintf(w.out, "%-28s %-15s %s\n    path: %s\n", printable(name), strings.ToUpper(printable(wf.Status)), printable(result), strings.Join(path, " → "))
}

// printable quotes s when it holds a control or unprintable character:
// names, keys and error messages come from records anyone allowed to
// write a topic could have written, and a newline or an escape sequence
// printed raw would forge lines of this output (found from outside: a
// record key printed a fake "restarting" line).
func printable(s string) string {
	if strings.IndexFunc(s, func(r rune) bool { return !unicode.IsPrint(r) }) < 0 {
		return s
	}
	return strconv.Quote(s)
}
