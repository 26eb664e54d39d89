package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
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
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("%w: ledger verify takes no arguments, got %q", errUsage, fs.Args())
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
