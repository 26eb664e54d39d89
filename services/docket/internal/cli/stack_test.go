package cli

import (
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/sha256"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/pem"
	"errors"
	"fmt"
	"log/slog"
	"math/big"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/twmb/franz-go/pkg/kgo"
	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials"
	"google.golang.org/grpc/credentials/insecure"

	"github.com/docket-run/docket/pkg/config"
	"github.com/docket-run/docket/pkg/devstack"
	"github.com/docket-run/docket/pkg/dockettest"
	"github.com/docket-run/docket/pkg/events"
	"github.com/docket-run/docket/pkg/serde"
	"github.com/docket-run/docket/pkg/service"
	trackerv1 "github.com/docket-run/docket/proto/docket/tracker/v1"
	"github.com/docket-run/docket/services/ingest"
	"github.com/docket-run/docket/services/sagatracker"
)

// Test tenants of the stack's ingest.
const (
	acmeKey   = "acme-key"
	globexKey = "globex-key"
)

// stack is a saga tracker and an ingest run in-process as `docket run`
// runs them (ingest reading status from the tracker), on kfake, a schema
// registry and a real redis-server. The test plays the other agents by
// producing their events.
type stack struct {
	kafka   *dockettest.Kafka
	codec   *serde.Serde
	prod    *kgo.Client
	tracker string // gRPC address
	ingest  string // base URL
	cl      trackerv1.TrackerClient
}

// Bearer tokens of a secure stack.
const (
	operatorToken = "operator-token-0001"
	acmeToken     = "acme-tenant-token-0001"
	globexToken   = "globex-tenant-token-0001"
	bobToken      = "bob-reviewer-token-0001"
)

// startStack starts the stack; a secure one serves the tracker over TLS
// (its CA in $DOCKET_TRACKER_CA_FILE) with bearer tokens (the operator's in
// $DOCKET_TOKEN and $DOCKET_TRACKER_TOKEN, for the CLI and ingest).
func startStack(t *testing.T, secure bool) *stack {
	t.Helper()
	k := dockettest.NewKafka(t, 2, devstack.Topics())
	regURL, rc := dockettest.Registry(t)
	rdb := dockettest.RedisClient(t, dockettest.Redis(t))
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	if _, err := serde.Apply(ctx, rc); err != nil {
		t.Fatalf("apply schemas: %v", err)
	}
	codec, err := serde.New(ctx, rc, serde.Verify, events.Topics())
	if err != nil {
		t.Fatalf("serde: %v", err)
	}
	dir := t.TempDir()
	tenants := fmt.Sprintf(`[{"id":"acme","api_key_sha256":"%x","rate_per_s":1000,"burst":1000,"callback_secret":""},
{"id":"globex","api_key_sha256":"%x","rate_per_s":1000,"burst":1000,"callback_secret":""}]`, sha256.Sum256([]byte(acmeKey)), sha256.Sum256([]byte(globexKey)))
	if err := os.WriteFile(filepath.Join(dir, "tenants.json"), []byte(tenants), 0o600); err != nil {
		t.Fatal(err)
	}
	s := &stack{kafka: k, codec: codec, prod: k.Client(t), tracker: closedAddr(t), ingest: "http://" + closedAddr(t)}
	t.Setenv("DOCKET_SAGATRACKER_ADDR", s.tracker)
	t.Setenv("DOCKET_TRACKER_ADDR", s.tracker)
	t.Setenv("DOCKET_INGEST_ADDR", s.ingest[len("http://"):])
	t.Setenv("DOCKET_INGEST_TENANTS_FILE", filepath.Join(dir, "tenants.json"))
	t.Setenv("DOCKET_INGEST_EVENTS_POLL", "50ms")
	t.Setenv("DOCKET_INGEST_API_KEY", acmeKey)
	t.Setenv("DOCKET_INGEST_URL", s.ingest)
	t.Setenv("CI", "true")
	creds := insecure.NewCredentials()
	var dialOpts []grpc.DialOption
	if secure {
		cert, key, ca := selfSigned(t, dir)
		t.Setenv("DOCKET_SAGATRACKER_TLS_CERT", cert)
		t.Setenv("DOCKET_SAGATRACKER_TLS_KEY", key)
		t.Setenv("DOCKET_SAGATRACKER_TOKENS", operatorToken+"=operator:ada,"+bobToken+"=reviewer:bob,"+acmeToken+"=tenant:acme,"+globexToken+"=tenant:globex")
		t.Setenv("DOCKET_TRACKER_CA_FILE", ca)
		t.Setenv("DOCKET_TRACKER_TOKEN", operatorToken)
		t.Setenv("DOCKET_TOKEN", operatorToken)
		if creds, err = credentials.NewClientTLSFromFile(ca, ""); err != nil {
			t.Fatal(err)
		}
		dialOpts = append(dialOpts, grpc.WithPerRPCCredentials(testBearer(operatorToken)))
	}
	p := config.Platform{
		KafkaBrokers: k.Addrs, RegistryURL: regURL, SchemaMode: config.SchemaVerify,
		RedisURL: "redis://" + rdb.Options().Addr + "/0", OpsAddr: "127.0.0.1:0", Concurrency: 1,
		BlobURL: "file://" + filepath.Join(dir, "blobs"), InstanceID: "test", DrainTimeout: 5 * time.Second,
	}
	if err := p.Validate(); err != nil {
		t.Fatal(err)
	}
	log := slog.New(slog.NewTextHandler(t.Output(), &slog.HandlerOptions{Level: slog.LevelWarn}))
	runCtx, stop := context.WithCancel(context.Background())
	done := make(chan error, 2)
	go func() { done <- sagatracker.Run(runCtx, p, log) }()
	go func() { done <- service.Run(runCtx, ingest.Spec(), p, log) }()
	running := 2
	t.Cleanup(func() {
		stop()
		for range running {
			select {
			case err := <-done:
				if err != nil && !errors.Is(err, context.Canceled) {
					t.Errorf("service ended with %v", err)
				}
			case <-time.After(30 * time.Second):
				t.Errorf("a service did not stop within 30s")
			}
		}
	})

	cc, err := grpc.NewClient(s.tracker, append(dialOpts, grpc.WithTransportCredentials(creds))...)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = cc.Close() })
	s.cl = trackerv1.NewTrackerClient(cc)
	deadline := time.Now().Add(30 * time.Second)
	for {
		_, terr := s.cl.ListWorkflows(ctx, &trackerv1.ListWorkflowsRequest{})
		resp, herr := http.Get(s.ingest + "/v1/documents/none")
		if herr == nil {
			_ = resp.Body.Close()
		}
		if terr == nil && herr == nil {
			return s
		}
		select {
		case err := <-done:
			running--
			t.Fatalf("a service ended while starting: %v", err)
		default:
		}
		if time.Now().After(deadline) {
			t.Fatalf("stack not up within 30s: tracker %v, ingest %v", terr, herr)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// produce writes events as the agents would, reporting failures with
// t.Errorf (it runs outside the test's goroutine).
func (s *stack) produce(t *testing.T, topic string, evs ...events.Event) {
	for _, e := range evs {
		v, err := s.codec.Encode(topic, e)
		if err != nil {
			t.Errorf("encode %T: %v", e, err)
			return
		}
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		err = s.prod.ProduceSync(ctx, &kgo.Record{Topic: topic, Key: []byte(e.EventMeta().WorkflowID), Value: v}).FirstErr()
		cancel()
		if err != nil {
			t.Errorf("produce %T to %s: %v", e, topic, err)
		}
	}
}

// waitWorkflow waits until the tracker has applied events events of id.
func (s *stack) waitWorkflow(t *testing.T, id string, events int64) *trackerv1.Workflow {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for {
		w, err := s.cl.GetWorkflow(context.Background(), &trackerv1.GetWorkflowRequest{Id: id})
		if err == nil && w.GetEvents() >= events {
			return w
		}
		if time.Now().After(deadline) {
			t.Fatalf("tracker did not apply %d events of %s within 30s: %v %v", events, id, w, err)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// selfSigned writes a CA and a certificate for 127.0.0.1 it signed, and
// returns the certificate, key and CA files.
func selfSigned(t *testing.T, dir string) (certFile, keyFile, caFile string) {
	t.Helper()
	caKey, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	now := time.Now()
	caTmpl := &x509.Certificate{SerialNumber: big.NewInt(1), Subject: pkix.Name{CommonName: "docket test CA"}, NotBefore: now.Add(-time.Hour),
		NotAfter: now.Add(24 * time.Hour), IsCA: true, BasicConstraintsValid: true, KeyUsage: x509.KeyUsageCertSign}
	caDER, err := x509.CreateCertificate(rand.Reader, caTmpl, caTmpl, &caKey.PublicKey, caKey)
	if err != nil {
		t.Fatal(err)
	}
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	tmpl := &x509.Certificate{SerialNumber: big.NewInt(2), Subject: pkix.Name{CommonName: "sagatracker"}, NotBefore: now.Add(-time.Hour),
		NotAfter: now.Add(24 * time.Hour), IPAddresses: []net.IP{net.IPv4(127, 0, 0, 1)}, KeyUsage: x509.KeyUsageDigitalSignature,
		ExtKeyUsage: []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth}}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, caTmpl, &key.PublicKey, caKey)
	if err != nil {
		t.Fatal(err)
	}
	keyDER, err := x509.MarshalECPrivateKey(key)
	if err != nil {
		t.Fatal(err)
	}
	write := func(name, typ string, b []byte) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, pem.EncodeToMemory(&pem.Block{Type: typ, Bytes: b}), 0o600); err != nil {
			t.Fatal(err)
		}
		return p
	}
	return write("tracker.crt", "CERTIFICATE", der), write("tracker.key", "EC PRIVATE KEY", keyDER), write("ca.crt", "CERTIFICATE", caDER)
}

// testBearer sends a bearer token with every call of the test's own client.
type testBearer string

func (b testBearer) GetRequestMetadata(context.Context, ...string) (map[string]string, error) {
	return map[string]string{"authorization": "Bearer " + string(b)}, nil
}

func (testBearer) RequireTransportSecurity() bool { return true }
