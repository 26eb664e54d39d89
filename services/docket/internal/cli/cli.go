// Package cli implements the docket command: the all-in-one runner of the
// embedded stack and the operator commands.
package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"
)

const usage = `docket — long-running document workflows on Kafka

Usage:
  docket run [--data DIR]             embedded stack and every service in one process
             [--kafka|--registry|--ingest|--tracker|--exception|--ledger|--console ADDR]
             [--metrics ADDR] [--port-offset N]
                                      where each listens; the seven services' metrics take
                                      consecutive ports from --metrics (default
                                      127.0.0.1:9101); --port-offset moves every default
  docket admin topics apply [--dev] [--partitions N] [--replication-factor N] [--dry-run]
                                      create or update every topic (production deploy step)
  docket admin acls apply [--principal-prefix User:docket-] [--dry-run]
                                      grant each service's Kafka principal exactly its
                                      topics, group and transactional ids; remove the rest
  docket admin schemas apply          register every schema version (production deploy step)
  docket admin schemas list           show the subjects, versions and ids in the registry
  docket ledger verify [--brokers B] [--public-keys F,...] [--checkpoints URL] [--workflow ID]
                                      prove every ledger chain and signature from the topic,
                                      against the latest signed checkpoints
  docket ledger keys rotate [--key F] [--public-keys RING] [--overlap 1h]
                                      new signing key; the old one's validity ends
  docket ledger keys list [--public-keys F,...]
                                      trusted keys and their validity windows
  docket auth hash-token --key-file F < TOKEN
                                      the token's HMAC under the server key, for a tokens
                                      file's token_hmacs or a tenants file's api_key_hmacs
  docket submit FILE... [--wait] [--tenant T] [--type HINT] [--ingest URL] [--token KEY]
                                      upload documents to ingest (idempotent: the key is
                                      derived from each file's content); --wait shows a
                                      progress bar per document until it ends or waits for
                                      a person, and exits 1 when any failed or timed out
  docket workflows list [--status S] [--stage S] [--tenant T] [--since 2h] [--until T]
                        [--stalled] [--oldest-first] [--limit N]
  docket workflows get ID             one workflow's state and steps
  docket workflows history ID         one workflow's chain of custody
  docket workflows watch [--tenant T] [--status S] [--from CURSOR] [--limit N]
                                      every change as it happens (-o json: JSON Lines)
  docket review list [--tenant T] [--unclaimed] [--limit N]
  docket review claim TASK --reviewer R [--lease 15m]
  docket review decide TASK --reviewer R --outcome approved|rejected --reason R [--type T]
                                      --reviewer is required without a token (default
                                      $DOCKET_REVIEWER, else $USER) and decide needs the
                                      name that claimed; with a token it is the token's
                                      principal and may be left out
  docket cancel ID --reason R         ask the agents to stop a workflow
  docket correct --workflow ID --type T [--outcome approved|rejected] --reason R
                                      correct a recorded workflow (operator): the
                                      ledger appends a signed reversal and the
                                      corrected record; callbacks say corrected
  docket erase --workflow ID --reason R
                                      erase a workflow's content (operator): its
                                      document, text and the personal data the
                                      services hold; the ledger keeps hashes and
                                      decisions and records the erasure
  docket stats [--window 1h] [--tenant T]
                                      saga tracker at --tracker (default
                                      $DOCKET_SAGATRACKER_ADDR, else 127.0.0.1:9090),
                                      bearer --token (default $DOCKET_TOKEN; submit:
                                      --tracker-token) or --token-file (default
                                      $DOCKET_TOKEN_FILE), TLS with --ca-file CA.pem
                                      (default $DOCKET_TRACKER_CA_FILE), mutual TLS with
                                      --cert-file and --key-file; the reviewer and actor
                                      are the token's principal
  docket dlq list [--service S] [--workflow W] [--limit N]
  docket dlq show ID                  one parked item, payload decoded
  docket dlq replay ID [--reason R]   redeliver it to its service's retry topic
  docket dlq discard ID --reason R    drop it (a reason is required)
                                      (exception agent at --exception, default
                                      $DOCKET_EXCEPTION_ADDR, else 127.0.0.1:8084;
                                      --token, default $DOCKET_EXCEPTION_TOKEN)
  docket model list                   registered classifier models: active, shadow, previous
  docket model retrain [--shadow] [--force] [--reason R]
                                      train a candidate on the corpus and the reviewers'
                                      corrections, evaluate it and the active model on the
                                      same held-out documents, print both; promote it (or,
                                      --shadow, run it in shadow) only when it is better;
                                      exit status 3 when the candidate is refused
  docket model shadow VERSION|--clear also classify live traffic with VERSION, acting on
                                      nothing it says (agreement counted)
  docket model promote VERSION        make VERSION the active model
  docket model rollback               make the previously active model active again
                                      (the classifier's ops server at --classifier, default
                                      $DOCKET_CLASSIFIER_OPS_ADDR, else 127.0.0.1:9103;
                                      operator --token, default $DOCKET_CLASSIFIER_TOKEN)
  Operator commands print tables; -o json prints JSON for scripts.

Environment (see README, Configuration): DOCKET_KAFKA_BROKERS,
DOCKET_SCHEMA_REGISTRY_URL, DOCKET_REDIS_URL, ...
`

// errUsage marks a command line that cannot be run.
var errUsage = errors.New("usage")

// errNoCommand marks a command line that names no command: Main prints
// the global usage with it.
var errNoCommand = fmt.Errorf("%w", errUsage)

// errGlobalHelp asks Main for the global usage (docket help, --help).
var errGlobalHelp = errors.New("help")

// errHelpShown: a command printed its own usage, as --help asked.
var errHelpShown = errors.New("help shown")

// commandUsageError is a usage error of one command: Main prints the error
// and that command's usage (print), not the global usage.
type commandUsageError struct {
	err   error
	print func(io.Writer)
}

func (e *commandUsageError) Error() string { return e.err.Error() }
func (e *commandUsageError) Unwrap() error { return e.err }

// Main runs the command line args and returns the exit status.
func Main(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	err := dispatch(ctx, args, stdout, stderr)
	switch {
	case err == nil:
		return 0
	case errors.Is(err, errHelpShown):
		return 0
	case errors.Is(err, errGlobalHelp):
		fmt.Fprint(stdout, usage)
		return 0
	case errors.Is(err, flag.ErrHelp):
		// A command's own flags printed its usage (found from outside:
		// the global help of a hundred lines followed it).
		return 0
	}
	var cu *commandUsageError
	switch {
	case errors.As(err, &cu):
		fmt.Fprintf(stderr, "docket: %v\n\n", err)
		cu.print(stderr)
		return 2
	case errors.Is(err, errNoCommand):
		fmt.Fprintf(stderr, "docket: %v\n\n%s", err, usage)
		return 2
	case errors.Is(err, errUsage):
		// The command's own lines of the usage, not all of it (found
		// from outside: a missing flag's message was lost above a
		// hundred lines).
		fmt.Fprintf(stderr, "docket: %v\n\n%s\n(docket help: every command)\n", err, commandUsage(args[0]))
		return 2
	case errors.Is(err, errNotAdopted):
		fmt.Fprintf(stderr, "docket: %v\n", err)
		return 3
	default:
		fmt.Fprintf(stderr, "docket: %v\n", err)
		return 1
	}
}

// commandUsage returns the lines of the global usage that describe
// command: each entry that starts "docket <command>" and the lines that
// go on under it.
func commandUsage(command string) string {
	var b strings.Builder
	in := false
	for l := range strings.Lines(usage) {
		t := strings.TrimLeft(l, " ")
		switch {
		case strings.HasPrefix(t, "docket "+command+" ") || strings.TrimSpace(t) == "docket "+command:
			in = true
		case strings.HasPrefix(t, "docket ") || len(l)-len(t) < 2:
			in = false
		}
		if in {
			b.WriteString(l)
		}
	}
	return strings.TrimRight(b.String(), "\n")
}

func dispatch(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	if len(args) == 0 {
		return fmt.Errorf("%w: no command", errNoCommand)
	}
	switch strings.Join(args[:min(len(args), 3)], " ") {
	case "admin topics apply":
		return topicsApply(ctx, args[3:], stdout, stderr)
	case "admin acls apply":
		return aclsApply(ctx, args[3:], stdout, stderr)
	case "admin schemas apply":
		return schemasApply(ctx, args[3:], stdout)
	case "admin schemas list":
		return schemasList(ctx, args[3:], stdout)
	case "ledger keys rotate":
		return ledgerKeysRotate(ctx, args[3:], stdout, stderr)
	case "ledger keys list":
		return ledgerKeysList(ctx, args[3:], stdout, stderr)
	}
	switch strings.Join(args[:min(len(args), 2)], " ") {
	case "ledger verify":
		return ledgerVerify(ctx, args[2:], stdout, stderr)
	case "auth hash-token":
		return authHashToken(args[2:], os.Stdin, stdout, stderr)
	}
	switch args[0] {
	case "run":
		return run(ctx, args[1:], stdout, stderr)
	case "submit":
		return submitCmd(ctx, args[1:], stdout, stderr, isTerminal(stdout))
	case "workflows":
		if len(args) > 1 && args[1] == "watch" {
			return workflowsWatch(ctx, args[2:], stdout, stderr, isTerminal(stdout))
		}
		return workflows(ctx, args[1:], stdout, stderr)
	case "review":
		return review(ctx, args[1:], stdout, stderr)
	case "cancel":
		return cancelCmd(ctx, args[1:], stdout, stderr)
	case "correct":
		return correctCmd(ctx, args[1:], stdout, stderr)
	case "erase":
		return eraseCmd(ctx, args[1:], stdout, stderr)
	case "stats":
		return statsCmd(ctx, args[1:], stdout, stderr)
	case "dlq":
		return dlq(ctx, args[1:], stdout, stderr)
	case "model":
		return model(ctx, args[1:], stdout, stderr)
	case "help", "-h", "--help":
		return errGlobalHelp
	}
	// Help asked of a group of commands, "docket admin acls --help": its
	// commands' lines (found from outside: it printed "unknown command"
	// above the whole usage).
	if i := slices.IndexFunc(args, func(a string) bool { return a == "-h" || a == "--help" || a == "help" }); i > 0 {
		if u := commandUsage(strings.Join(args[:i], " ")); u != "" {
			fmt.Fprintln(stdout, u)
			return errHelpShown
		}
	}
	return fmt.Errorf("%w: unknown command %q", errNoCommand, strings.Join(args, " "))
}
