package ledgerchain

import (
	"context"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/url"
	"path"
	"time"

	"gocloud.dev/blob"
	_ "gocloud.dev/blob/fileblob" // file:// buckets
	_ "gocloud.dev/blob/s3blob"   // s3:// buckets
	"gocloud.dev/gcerrors"

	"github.com/docket-run/docket/pkg/events"
)

// maxCheckpointObject bounds the size of a checkpoint object read.
const maxCheckpointObject = 64 << 10

// Export is a bucket of exported checkpoints, one object per checkpoint
// under checkpoints/<topic>/<partition>/<sequence>.json, never overwritten.
// In production it is a bucket the ledger topic's writers cannot rewrite
// (S3 with Object Lock in compliance mode: write once, read many); in the
// embedded stack a folder.
type Export struct{ b *blob.Bucket }

// OpenExport opens the bucket at rawURL: "file:///dir" (created if
// missing) or "s3://bucket?region=…" (the s3blob parameters; credentials
// from the usual AWS environment). Close it when done.
func OpenExport(ctx context.Context, rawURL string) (*Export, error) {
	u, err := url.Parse(rawURL)
	if err != nil {
		return nil, fmt.Errorf("checkpoint export URL: %w", err)
	}
	switch u.Scheme {
	case "file":
		q := u.Query()
		if q.Get("create_dir") == "" {
			q.Set("create_dir", "true")
		}
		// Stage a checkpoint beside its file, not in the temp directory:
		// renamed from another file system, it failed ("invalid
		// cross-device link") and was never exported.
		if q.Get("no_tmp_dir") == "" {
			q.Set("no_tmp_dir", "true")
		}
		u.RawQuery = q.Encode()
	case "s3":
	default:
		return nil, fmt.Errorf("checkpoint export URL %s: unsupported scheme %q, want file or s3", rawURL, u.Scheme)
	}
	b, err := blob.OpenBucket(ctx, u.String())
	if err != nil {
		return nil, fmt.Errorf("open checkpoint export %s: %w", rawURL, err)
	}
	return &Export{b: b}, nil
}

// Close releases the bucket.
func (e *Export) Close() error { return e.b.Close() }

func checkpointPrefix(topic string) string { return "checkpoints/" + topic + "/" }

func checkpointKey(c *events.LedgerCheckpoint) string {
	return fmt.Sprintf("%s%010d/%020d.json", checkpointPrefix(c.LedgerTopic), c.LedgerPartition, c.Sequence)
}

// checkpointFile is a checkpoint as an exported object: JSON, hashes and
// signature in hex.
type checkpointFile struct {
	Topic          string    `json:"ledger_topic"`
	Partition      int       `json:"ledger_partition"`
	Sequence       int64     `json:"sequence"`
	Count          int64     `json:"count"`
	Offset         int64     `json:"ledger_offset"`
	HeadHash       string    `json:"head_hash"`
	CheckpointedAt time.Time `json:"checkpointed_at"`
	KeyID          string    `json:"key_id"`
	Signature      string    `json:"signature"`
}

// Put exports c, unless a checkpoint of that partition and sequence is
// exported already.
func (e *Export) Put(ctx context.Context, c *events.LedgerCheckpoint) error {
	key := checkpointKey(c)
	ok, err := e.b.Exists(ctx, key)
	if err != nil {
		return fmt.Errorf("export checkpoint %s: %w", key, err)
	}
	if ok {
		return nil
	}
	b, err := json.MarshalIndent(checkpointFile{
		Topic: c.LedgerTopic, Partition: c.LedgerPartition, Sequence: c.Sequence, Count: c.Count, Offset: c.LedgerOffset,
		HeadHash: hex.EncodeToString(c.HeadHash), CheckpointedAt: c.CheckpointedAt.UTC(), KeyID: c.KeyID, Signature: hex.EncodeToString(c.Signature),
	}, "", "  ")
	if err != nil {
		return fmt.Errorf("encode checkpoint %s: %w", key, err)
	}
	if err := e.b.WriteAll(ctx, key, append(b, '\n'), &blob.WriterOptions{ContentType: "application/json"}); err != nil {
		return fmt.Errorf("export checkpoint %s: %w", key, err)
	}
	return nil
}

// Latest returns the exported checkpoint with the highest sequence of each
// partition of topic. Their signatures are not verified.
func (e *Export) Latest(ctx context.Context, topic string) ([]*events.LedgerCheckpoint, error) {
	var out []*events.LedgerCheckpoint
	parts := e.b.List(&blob.ListOptions{Prefix: checkpointPrefix(topic), Delimiter: "/"})
	for {
		dir, err := parts.Next(ctx)
		if errors.Is(err, io.EOF) {
			return out, nil
		}
		if err != nil {
			return nil, fmt.Errorf("list exported checkpoints of %s: %w", topic, err)
		}
		if !dir.IsDir {
			continue
		}
		last := ""
		objs := e.b.List(&blob.ListOptions{Prefix: dir.Key})
		for {
			o, err := objs.Next(ctx)
			if errors.Is(err, io.EOF) {
				break
			}
			if err != nil {
				return nil, fmt.Errorf("list exported checkpoints under %s: %w", dir.Key, err)
			}
			if path.Ext(o.Key) == ".json" && o.Key > last {
				last = o.Key
			}
		}
		if last == "" {
			continue
		}
		c, err := e.read(ctx, last)
		if err != nil {
			return nil, err
		}
		out = append(out, c)
	}
}

func (e *Export) read(ctx context.Context, key string) (*events.LedgerCheckpoint, error) {
	r, err := e.b.NewReader(ctx, key, nil)
	if gcerrors.Code(err) == gcerrors.NotFound {
		return nil, fmt.Errorf("exported checkpoint %s vanished: %w", key, err)
	}
	if err != nil {
		return nil, fmt.Errorf("read exported checkpoint %s: %w", key, err)
	}
	defer r.Close()
	b, err := io.ReadAll(io.LimitReader(r, maxCheckpointObject))
	if err != nil {
		return nil, fmt.Errorf("read exported checkpoint %s: %w", key, err)
	}
	var f checkpointFile
	if err := json.Unmarshal(b, &f); err != nil {
		return nil, fmt.Errorf("decode exported checkpoint %s: %w", key, err)
	}
	hash, err1 := hex.DecodeString(f.HeadHash)
	sig, err2 := hex.DecodeString(f.Signature)
	if err := errors.Join(err1, err2); err != nil {
		return nil, fmt.Errorf("decode exported checkpoint %s: %w", key, err)
	}
	return &events.LedgerCheckpoint{
		Meta: events.Meta{EventID: fmt.Sprintf("checkpoint:%s/%d/%d", f.Topic, f.Partition, f.Sequence), WorkflowID: ChainID(f.Topic, int32(f.Partition)),
			OccurredAt: f.CheckpointedAt},
		LedgerTopic: f.Topic, LedgerPartition: f.Partition, Sequence: f.Sequence, Count: f.Count, LedgerOffset: f.Offset,
		HeadHash: hash, CheckpointedAt: f.CheckpointedAt, KeyID: f.KeyID, Signature: sig,
	}, nil
}
