package cli

import (
	"cmp"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/twmb/franz-go/pkg/kgo"

	"github.com/docket-run/docket/pkg/config"
	"github.com/docket-run/docket/pkg/events"
	"github.com/docket-run/docket/pkg/ledgerchain"
	"github.com/docket-run/docket/pkg/serde"
)

// devPublicKey is where the ledger keeps the public key of its development
// key in the embedded stack (DOCKET_LEDGER_DEV_KEY_DIR, default
// ./data/ledger).
func devPublicKey() string { return filepath.Join(devKeyDir(), "ledger.pub") }

// devCheckpointExport is where the embedded stack's ledger exports its
// checkpoints (DOCKET_LEDGER_CHECKPOINT_EXPORT in `docket run`).
func devCheckpointExport() string { return filepath.Join(devKeyDir(), "checkpoints") }

// ledgerVerify re-reads docket.ledger from the start and verifies every
// chain and signature, against the latest checkpoint of each partition.
func ledgerVerify(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("ledger verify", flag.ContinueOnError)
	fs.SetOutput(stderr)
	brokers := fs.String("brokers", "", "Kafka seed brokers, comma-separated (default $DOCKET_KAFKA_BROKERS)")
	registry := fs.String("registry", "", "schema registry URL (default $DOCKET_SCHEMA_REGISTRY_URL)")
	keysFlag := fs.String("public-keys", "", "trusted key ring files, comma-separated: every key the ledger has signed with, with its validity window (default $DOCKET_LEDGER_PUBLIC_KEYS, else the embedded stack's "+devPublicKey()+")")
	export := fs.String("checkpoints", "", "checkpoint export bucket to check against besides the topic "+events.TopicLedgerCheckpoints+": file:///dir or s3://bucket?region=… (default $DOCKET_LEDGER_CHECKPOINT_EXPORT, else the embedded stack's "+devCheckpointExport()+" when it exists; none to skip)")
	timeout := fs.Duration("timeout", 10*time.Minute, "give up after this long")
	workflow := fs.String("workflow", "", "also print this workflow's lineage: each of its records (disposition, reversals, corrections, erasure) and how they link")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("%w: ledger verify takes no arguments, got %q", errUsage, fs.Args())
	}
	if len(*workflow) > 256 {
		return fmt.Errorf("%w: --workflow is 1 to 256 characters", errUsage)
	}
	p, err := config.Load()
	if err != nil {
		return err
	}
	if *brokers != "" {
		p.KafkaBrokers = strings.Split(*brokers, ",")
	}
	if *registry != "" {
		p.RegistryURL = *registry
	}
	keys, err := loadTrustedKeys(*keysFlag)
	if err != nil {
		return err
	}
	kopts, err := p.KafkaOpts()
	if err != nil {
		return err
	}
	ctx, cancel := context.WithTimeout(ctx, *timeout)
	defer cancel()
	codec, _, err := serde.Connect(ctx, p, serde.Verify, []string{events.TopicLedger})
	if err != nil {
		return err
	}
	checkpoints, err := readCheckpoints(ctx, kopts, codec, keys, *export, stdout)
	if err != nil {
		return fmt.Errorf("ledger verify: %w", err)
	}
	rep, err := ledgerchain.VerifyTopic(ctx, kopts, codec, keys, checkpoints...)
	if err != nil && !errors.Is(err, ledgerchain.ErrTampered) {
		return fmt.Errorf("ledger verify: %w", err)
	}
	// Foreign records were quarantined: listed, but the chains are sound
	// without them (services/ledger/README.md, "Foreign records").
	for _, pr := range rep.Foreign {
		fmt.Fprintf(stdout, "FOREIGN partition=%d offset=%d sequence=%d workflow=%s: %s: %s\n", pr.Partition, pr.Offset, pr.Sequence, pr.WorkflowID, pr.Kind, pr.Detail)
	}
	if n := rep.ForeignCount - len(rep.Foreign); n > 0 {
		fmt.Fprintf(stdout, "FOREIGN ... and %d more\n", n)
	}
	if *workflow != "" {
		if err := printLineage(ctx, kopts, codec, rep, *workflow, stdout); err != nil {
			return fmt.Errorf("ledger verify: %w", err)
		}
	}
	if len(rep.Kinds) > 1 || rep.Kinds[ledgerchain.KindDisposition] == 0 && len(rep.Kinds) > 0 {
		fmt.Fprintf(stdout, "ledger lineage: dispositions=%d reversals=%d corrections=%d erasures=%d\n", rep.Kinds[ledgerchain.KindDisposition],
			rep.Kinds[ledgerchain.KindReversal], rep.Kinds[ledgerchain.KindCorrection], rep.Kinds[ledgerchain.KindErasure])
	}
	counts := ""
	if n := len(ledgerchain.Latest(events.TopicLedger, checkpoints...)); n > 0 {
		counts = fmt.Sprintf(" checkpoints=%d", n)
	}
	if rep.ForeignCount > 0 {
		counts += fmt.Sprintf(" foreign=%d (quarantined)", rep.ForeignCount)
	}
	if err != nil {
		for _, pr := range rep.Problems {
			fmt.Fprintf(stdout, "BROKEN partition=%d offset=%d sequence=%d workflow=%s: %s: %s\n", pr.Partition, pr.Offset, pr.Sequence, pr.WorkflowID, pr.Kind, pr.Detail)
		}
		fmt.Fprintf(stdout, "ledger verify: records=%d partitions=%d%s FAILED (%d broken chains)\n", rep.Records, rep.Partitions, counts, len(rep.Problems))
		return err
	}
	fmt.Fprintf(stdout, "ledger verify: records=%d partitions=%d%s ok\n", rep.Records, rep.Partitions, counts)
	return nil
}

// printLineage prints workflow's records in chain order, read again from
// the ledger topic, each with the record it refers to, and the workflow's
// net dispositions as verified.
func printLineage(ctx context.Context, kopts []kgo.Opt, codec ledgerchain.Decoder, rep ledgerchain.Report, workflow string, stdout io.Writer) error {
	from := map[int32]int64{}
	for p := range int32(rep.Partitions) {
		from[p] = ledgerchain.FromStart
	}
	n := 0
	_, err := ledgerchain.ReadCommitted(ctx, kopts, events.TopicLedger, from, func(r *kgo.Record) error {
		e, err := codec.Decode(r.Value)
		if err != nil {
			return nil // reported as foreign by the verification
		}
		rec, ok := e.(*events.LedgerRecord)
		if !ok || rec.WorkflowID != workflow {
			return nil
		}
		n++
		line := fmt.Sprintf("LINEAGE workflow=%s partition=%d offset=%d sequence=%d kind=%s", workflow, r.Partition, r.Offset, rec.Sequence, ledgerchain.KindOf(rec))
		if rec.RefersToSequence != 0 {
			line += fmt.Sprintf(" refers_to=%d", rec.RefersToSequence)
		}
		if d := rec.Decision; d != (events.Decision{}) {
			line += fmt.Sprintf(" decision=%s/%s", cmp.Or(d.DocumentType, "-"), d.Outcome)
		}
		if rec.Reviewer != nil {
			line += " by=" + strconv.Quote(*rec.Reviewer)
		}
		if rec.Reason != "" {
			line += " reason=" + strconv.Quote(rec.Reason)
		}
		if rec.Degraded != "" {
			line += " degraded=" + strconv.Quote(rec.Degraded)
		}
		fmt.Fprintf(stdout, "%s recorded_at=%s hash=%x\n", line, rec.RecordedAt.UTC().Format(time.RFC3339), rec.Hash)
		return nil
	})
	if err != nil {
		return fmt.Errorf("read the lineage of %s: %w", workflow, err)
	}
	l := rep.Lineage(workflow)
	switch {
	case n == 0:
		fmt.Fprintf(stdout, "LINEAGE workflow=%s: no record in the ledger\n", workflow)
	case l == nil:
		fmt.Fprintf(stdout, "LINEAGE workflow=%s: its records did not verify (see BROKEN)\n", workflow)
	default:
		fmt.Fprintf(stdout, "LINEAGE workflow=%s records=%d net_dispositions=%d erased=%t\n", workflow, n, l.Net(), l.Erased())
	}
	return nil
}

// readCheckpoints gathers the checkpoints that verify under keys from the
// checkpoint topic and the export bucket exportURL ("" for the default,
// "none" for none), and prints a FOREIGN line for each that does not.
func readCheckpoints(ctx context.Context, kopts []kgo.Opt, codec ledgerchain.Decoder, keys ledgerchain.PublicKeys, exportURL string, stdout io.Writer) ([]*events.LedgerCheckpoint, error) {
	valid, rejected, err := ledgerchain.ReadCheckpoints(ctx, kopts, codec, keys)
	if err != nil {
		return nil, err
	}
	if exportURL == "" {
		exportURL = os.Getenv("DOCKET_LEDGER_CHECKPOINT_EXPORT")
	}
	if exportURL == "" {
		if _, err := os.Stat(devCheckpointExport()); err == nil {
			abs, err := filepath.Abs(devCheckpointExport())
			if err != nil {
				return nil, fmt.Errorf("checkpoint export folder: %w", err)
			}
			exportURL = "file://" + abs
		}
	}
	if exportURL != "" && exportURL != "none" {
		export, err := ledgerchain.OpenExport(ctx, exportURL)
		if err != nil {
			return nil, err
		}
		defer export.Close()
		exported, err := export.Latest(ctx, events.TopicLedger)
		if err != nil {
			return nil, err
		}
		for _, c := range exported {
			if err := ledgerchain.VerifyCheckpoint(c, keys); err != nil {
				rejected = append(rejected, fmt.Errorf("%s: %w", exportURL, err))
				continue
			}
			valid = append(valid, c)
		}
	}
	for _, err := range rejected {
		fmt.Fprintf(stdout, "FOREIGN checkpoint: %v\n", err)
	}
	return valid, nil
}
