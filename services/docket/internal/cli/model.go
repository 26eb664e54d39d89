package cli

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"text/tabwriter"
	"time"

	"github.com/docket-run/docket/services/docket/internal/render"
)

// defaultClassifierOps is the classifier's ops server under `docket run`
// (the third of the metrics ports, see metricsOrder), which serves its
// model API.
const defaultClassifierOps = "127.0.0.1:9103"

// modelEval, modelInfo, modelListing, modelRetrained and modelChanged are
// the answers of the classifier's model API (/v1/models).
type (
	modelEval struct {
		Docs       int `json:"docs"`
		Correct    int `json:"correct"`
		AutoErrors int `json:"auto_errors"`
	}
	modelInfo struct {
		Version  string     `json:"version"`
		AddedAt  time.Time  `json:"added_at"`
		Source   string     `json:"source"`
		Examples int        `json:"examples"`
		Eval     *modelEval `json:"eval"`
	}
	modelListing struct {
		Active   string      `json:"active"`
		Shadow   string      `json:"shadow"`
		Previous []string    `json:"previous"`
		Versions []modelInfo `json:"versions"`
		Examples int         `json:"examples"`
	}
	modelRetrained struct {
		Candidate     string    `json:"candidate"`
		Current       string    `json:"current"`
		CandidateEval modelEval `json:"candidate_eval"`
		CurrentEval   modelEval `json:"current_eval"`
		Examples      int       `json:"examples"`
		Skipped       int       `json:"skipped_examples"`
		CandidateOnEx modelEval `json:"candidate_on_examples"`
		CurrentOnEx   modelEval `json:"current_on_examples"`
		Better        bool      `json:"better"`
		Decision      string    `json:"decision"`
	}
	modelChanged struct {
		Active string `json:"active"`
		Shadow string `json:"shadow"`
		Was    string `json:"was"`
	}
)

func (e modelEval) accuracy() float64 {
	if e.Docs == 0 {
		return 0
	}
	return float64(e.Correct) / float64(e.Docs)
}

// model runs `docket model list|retrain|shadow|promote|rollback`, a client
// of the classifier's model API (operators only).
func model(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	if len(args) == 0 {
		return fmt.Errorf("%w: model needs a command: list, retrain, shadow, promote or rollback", errUsage)
	}
	cmd := args[0]
	if cmd == "-h" || cmd == "--help" || cmd == "help" {
		fmt.Fprintln(stderr, "usage: docket model list|retrain|shadow|promote|rollback [flags]; docket model <command> --help for a command's flags")
		return flag.ErrHelp
	}
	fs := flag.NewFlagSet("model "+cmd, flag.ContinueOnError)
	fs.SetOutput(stderr)
	addr := fs.String("classifier", envOr("DOCKET_CLASSIFIER_OPS_ADDR", defaultClassifierOps),
		"the classifier's ops server, address or URL (default $DOCKET_CLASSIFIER_OPS_ADDR, else "+defaultClassifierOps+")")
	token := fs.String("token", envOr("DOCKET_CLASSIFIER_TOKEN", ""), "operator bearer token for the classifier (default $DOCKET_CLASSIFIER_TOKEN)")
	tokenFile := fs.String("token-file", envOr("DOCKET_CLASSIFIER_TOKEN_FILE", ""), "file holding the operator token (default $DOCKET_CLASSIFIER_TOKEN_FILE; wins over --token)")
	out := outputFlag(fs)
	timeout := fs.Duration("timeout", 5*time.Minute, "give up after this long")
	var reason *string
	var shadow, force, clear *bool
	switch cmd {
	case "list":
	case "retrain":
		shadow = fs.Bool("shadow", false, "make a better candidate the shadow model instead of promoting it")
		force = fs.Bool("force", false, "adopt the candidate even when it does not beat the active model")
		reason = fs.String("reason", "", "why (recorded in the audit log)")
	case "shadow":
		clear = fs.Bool("clear", false, "stop running a shadow model")
		reason = fs.String("reason", "", "why (recorded in the audit log)")
	case "promote", "rollback":
		reason = fs.String("reason", "", "why (recorded in the audit log)")
	default:
		return fmt.Errorf("%w: unknown command \"model %s\"", errUsage, cmd)
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
	base, err := apiURL("--classifier", *addr)
	if err != nil {
		return err
	}
	ctx, cancel := context.WithTimeout(ctx, *timeout)
	defer cancel()

	var method, path string
	var req any
	switch cmd {
	case "list":
		method, path = http.MethodGet, "/v1/models"
	case "retrain":
		method, path = http.MethodPost, "/v1/models/retrain"
		req = map[string]any{"shadow": *shadow, "force": *force, "reason": *reason}
	case "shadow":
		version := ""
		if !*clear {
			if version, err = oneID("model shadow", pos); err != nil {
				return err
			}
		}
		method, path = http.MethodPut, "/v1/models/shadow"
		req = map[string]string{"version": version, "reason": *reason}
	case "promote":
		version, err := oneID("model promote", pos)
		if err != nil {
			return err
		}
		method, path = http.MethodPost, "/v1/models/"+url.PathEscape(version)+"/promote"
		req = map[string]string{"reason": *reason}
	case "rollback":
		method, path = http.MethodPost, "/v1/models/rollback"
		req = map[string]string{"reason": *reason}
	}
	if len(pos) > 0 && (cmd == "list" || cmd == "retrain" || cmd == "rollback" || (cmd == "shadow" && *clear)) {
		return fmt.Errorf("%w: model %s takes no arguments, got %q", errUsage, cmd, pos)
	}
	var body []byte
	if req != nil {
		if body, err = json.Marshal(req); err != nil {
			return fmt.Errorf("model %s: encode request: %w", cmd, err)
		}
	}
	answer, err := apiCall(ctx, "classifier", *token, method, base+path, body)
	if err != nil {
		return fmt.Errorf("model %s: %w", cmd, err)
	}
	if cmd == "retrain" {
		return retrainAnswer(stdout, answer, *out == outJSON)
	}
	if *out == outJSON {
		return writeJSONBody(stdout, answer)
	}
	switch cmd {
	case "list":
		var l modelListing
		if err := json.Unmarshal(answer, &l); err != nil {
			return fmt.Errorf("model list: decode answer: %w", err)
		}
		return modelTable(stdout, l)
	}
	var c modelChanged
	if err := json.Unmarshal(answer, &c); err != nil {
		return fmt.Errorf("model %s: decode answer: %w", cmd, err)
	}
	if cmd == "shadow" {
		_, err = fmt.Fprintf(stdout, "shadow %s (was %s), active %s\n", render.OrDash(short(c.Shadow)), render.OrDash(short(c.Was)), short(c.Active))
		return err
	}
	_, err = fmt.Fprintf(stdout, "active %s (was %s), shadow %s\n", short(c.Active), render.OrDash(short(c.Was)), render.OrDash(short(c.Shadow)))
	return err
}

// errNotAdopted: a retrain whose candidate was refused, for scripts (exit
// status 3).
var errNotAdopted = errors.New("model retrain: the candidate was not adopted")

// retrainAnswer prints a retrain's answer, and errNotAdopted when the
// candidate was refused.
func retrainAnswer(stdout io.Writer, answer []byte, asJSON bool) error {
	var r modelRetrained
	if err := json.Unmarshal(answer, &r); err != nil {
		return fmt.Errorf("model retrain: decode answer: %w", err)
	}
	var err error
	if asJSON {
		err = writeJSONBody(stdout, answer)
	} else {
		err = retrainReport(stdout, r)
	}
	if err == nil && r.Decision == "refused" {
		err = errNotAdopted
	}
	return err
}

// short abbreviates a version to 12 digits, which the API resolves.
func short(v string) string { return v[:min(len(v), 12)] }

func modelTable(w io.Writer, l modelListing) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "VERSION\tROLE\tSOURCE\tADDED\tEXAMPLES\tHELD-OUT ACCURACY\tAUTO ERRORS")
	for _, v := range l.Versions {
		role := "-"
		switch v.Version {
		case l.Active:
			role = "active"
		case l.Shadow:
			role = "shadow"
		}
		for i, p := range l.Previous {
			if p == v.Version && role == "-" {
				role = fmt.Sprintf("previous %d", i+1)
			}
		}
		acc, auto := "-", "-"
		if v.Eval != nil {
			acc, auto = fmt.Sprintf("%.4f", v.Eval.accuracy()), fmt.Sprint(v.Eval.AutoErrors)
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%d\t%s\t%s\n", short(v.Version), role, render.OrDash(v.Source), tm(v.AddedAt), v.Examples, acc, auto)
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	_, err := fmt.Fprintf(w, "%d labelled examples from corrected reviews\n", l.Examples)
	return err
}

func retrainReport(w io.Writer, r modelRetrained) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintf(tw, "held-out documents:\t%d\n", r.CandidateEval.Docs)
	fmt.Fprintf(tw, "current %s:\taccuracy %.4f\tauto-recorded errors %d\n", short(r.Current), r.CurrentEval.accuracy(), r.CurrentEval.AutoErrors)
	fmt.Fprintf(tw, "candidate %s:\taccuracy %.4f\tauto-recorded errors %d\n", short(r.Candidate), r.CandidateEval.accuracy(), r.CandidateEval.AutoErrors)
	fmt.Fprintf(tw, "examples:\t%d (%d skipped: unknown type)\n", r.Examples, r.Skipped)
	if r.Examples > 0 {
		fmt.Fprintf(tw, "on the examples:\tcurrent %d/%d right, candidate %d/%d (trained on most: not part of the decision)\n",
			r.CurrentOnEx.Correct, r.CurrentOnEx.Docs, r.CandidateOnEx.Correct, r.CandidateOnEx.Docs)
	}
	verdict := "the candidate beats the current model"
	switch {
	case !r.Better && r.Decision != "refused":
		verdict = "forced: the candidate does not beat the current model"
	case !r.Better:
		verdict = "the candidate does not beat the current model"
	}
	fmt.Fprintf(tw, "decision:\t%s (%s)\n", r.Decision, verdict)
	return tw.Flush()
}
