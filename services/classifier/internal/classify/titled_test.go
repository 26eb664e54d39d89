package classify

import (
	"context"
	"os"
	"slices"
	"testing"

	"github.com/docket-run/docket/pkg/pii"
	"github.com/docket-run/docket/services/classifier/internal/policy"
)

func TestTitledTypes(t *testing.T) {
	tests := []struct {
		text string
		want []string
	}{
		{"FAKTURA – DAŇOVÝ DOKLAD č. 2026110087\nDodavatel: KOVOSERVIS s.r.o.", []string{"invoice"}},
		// Found from outside (hundred-and-twenty-ninth trial): an Italian
		// acknowledgement of payment, typed an invoice at 0.56.
		{"QUIETANZA DI PAGAMENTO n. 88/2026\nCoWork Navigli S.r.l. - Via Vigevano 41, 20144 Milano", []string{"receipt"}},
		// Found from outside (hundred-and-nineteenth trial): a Polish
		// PIT-11, offered as a contract by its row of income from an
		// employment contract, "Umowa o pracę"; its title names it.
		{"PIT-11   INFORMACJA O DOCHODACH ORAZ O POBRANYCH ZALICZKACH\nNA PODATEK DOCHODOWY za rok 2026\nPłatnik: Szkoła Językowa \"Lingwista\" sp. z o.o.\n\nŹródła przychodów           Przychód    Koszty     Dochód    Zaliczka\nUmowa o pracę (poz. 29-33)  41 000,00   3 000,00   38 000,00  2 915,00", []string{"tax_form"}},
		{"Źródła przychodów  Przychód  Koszty\nUmowa o pracę (poz. 29-33)  41 000,00   3 000,00", []string{}},
		// Found from outside (seventieth trial): an Icelandic statement
		// whose account's field ("Reikningur: 0133-…") had named an
		// invoice beside its title; a Slovenian deposit's receipt; a
		// French fitness-for-work notice.
		{"Landsbankinn hf. · Reykjastræti 6 · 101 Reykjavík\nREIKNINGSYFIRLIT\nTímabil: 1. nóvember 2026 - 30. nóvember 2026\nReikningur: 0133-26-004512 IBAN: IS78 0133 2600 4512 6203 0612 60", []string{"bank_statement"}},
		{"REIKNINGUR: 2026-0412\nHótel Norðurljós ehf.", []string{"invoice"}},
		// Found from outside (ninety-second trial): an optometrist's
		// report for a driving licence names a medical record beside it.
		{"DESERT SKY OPTOMETRY\n4410 Menaul Blvd NE, Suite C, Albuquerque, NM 87110\nTel (505) 266-4190   Fax (505) 266-4191\n\nVISION EXAMINATION REPORT - DRIVER LICENSE / COMMERCIAL INSTRUCTOR\n\nPatient name: Marisol Ortega-Baca", []string{"medical_record", "id_document"}},
		// Found from outside (ninetieth trial): an Estonian land tax
		// notice, a Hungarian tourist tax return.
		{"MAKSU- JA TOLLIAMET\nLõõtsa 8a, 15176 Tallinn - Infotelefon 880 0811\n\nMAAMAKSU TEADE 2025", []string{"tax_form"}},
		{"BEVALLÁS\n\naz idegenforgalmi adóról\n\nBalatonfüred Város Önkormányzata - Adócsoport", []string{"tax_form"}},
		// Found from outside (eighty-ninth trial): a Norwegian sick note
		// typed other at 0.72.
		{"SYKMELDING\nDel A - Opplysninger til NAV\n\nPasientens navn: Sigrid Haugland", []string{"medical_record"}},
		// Found from outside (eighty-eighth trial): a Quebec fitness for
		// work certificate, offered as a contract at 0.33.
		{"CLINIQUE MÉDICALE DE L'AÉROPORT\n975, boul. Roméo-Vachon Nord, Dorval (Québec) H4Y 1H1\nTél. : 514 633-2891 Téléc. : 514 633-2899\n\nATTESTATION MÉDICALE D'APTITUDE AU TRAVAIL\n\nNom de la travailleuse : Émilie Tremblay", []string{"medical_record"}},
		// Found from outside (eighty-seventh trial): a Welsh council's
		// business rates bill, typed other at 0.91.
		{"CYNGOR SIR DDINBYCH / DENBIGHSHIRE COUNTY COUNCIL\nNon-Domestic Rates Demand Notice 2026/27\nArdrethi Annomestig - Hysbysiad Galw am Dalu\nAccount reference: 60418822", []string{"tax_form"}},
		{"Skattestyrelsen · TastSelv Erhverv\nKVITTERING FOR MOMSANGIVELSE\nVirksomhed: Hotel Nyhavn Kanal ApS", []string{"tax_form"}},
		{"FINANČNA UPRAVA REPUBLIKE SLOVENIJE\n\nOBRAČUN DAVKA NA DODANO VREDNOST (DDV-O)\nza davčno obdobje: oktober 2026 (mesečno)", []string{"tax_form"}},
		// Seventy-eighth: a sentence of an e-mail's body going on over a
		// line break names no title; a title under a line of prose does.
		{"Kia ora claims team,\n\nPlease accept this as our notification and claim under our policy.\nThe completed details are below; photos, the consignment note and the pro forma\ninvoice for the replacement print run are attached.", nil},
		{"Dear Sir,\nplease find below our\nINVOICE 2026-118", []string{"invoice"}},
		// Seventy-sixth: an Estonian VAT return.
		{"MAKSU- JA TOLLIAMET\nKÄIBEDEKLARATSIOON (vorm KMD)\nMaksustamisperiood: oktoober 2026", []string{"tax_form"}},
		// Eighty-first: a Croatian VAT return typed an order at 0.60.
		{"MINISTARSTVO FINANCIJA - POREZNA UPRAVA\nObrazac PDV\nPRIJAVA POREZA NA DODANU VRIJEDNOST\nza razdoblje od 01.10.2026. do 31.10.2026.", []string{"tax_form"}},
		// Found from outside (seventy-fourth trial): a Chilean
		// electronic invoice's title at the end of its header's line,
		// the two columns OCR joined; a Chilean receipt's.
		{"PROPIEDADES CORDILLERA SpA R.U.T.: 76.284.915-1\n\nCorretaje de propiedades FACTURA ELECTRÓNICA\nAv. Nueva Providencia 1881, of. 1204 N° 4418", []string{"invoice"}},
		{"BOLETA ELECTRÓNICA N° 88213\nFarmacia del Pueblo Ltda.", []string{"receipt"}},
		{"POTRDILO O PREJEMU VARŠČINE\nHotel Vila Jezero d.o.o., Cesta svobode 27, 4260 Bled", []string{"receipt"}},
		{"SPST CÔTE D'AZUR\nService de prévention et de santé au travail\nAVIS D'APTITUDE\n(article R. 4624-55 du Code du travail)", []string{"medical_record"}},
		// Found from outside (sixty-seventh trial): a Croatian port
		// agency's receipt for dues paid, reviewed at 0.67.
		{"JADRANSKA LUČKA AGENCIJA d.o.o.\n\nRiva 16, 51000 Rijeka\n\nOIB 30477185264\n\nPOTVRDA O PRIMITKU UPLATE br. 2024-0713", []string{"receipt"}},
		// Found from outside (thirty-seventh trial): a hospital's final
		// bill typed a medical record at 1.00; a discharge summary's
		// final bill in its body is no title.
		{"SUNRISE MULTISPECIALITY HOSPITAL\nPlot 14, Sector 9, Vashi\n\nFINAL BILL / IN-PATIENT\nBill No: IPB/26/08817", []string{"invoice"}},
		{"DISCHARGE SUMMARY\nPatient: R. Deshpande\nDiagnosis: NSTEMI\nCourse in hospital: uneventful\nFinal bill amount: Rs. 1,18,450 (settled via TPA)", []string{"medical_record"}},
		// Found from outside (thirty-third trial): a receipt's number with
		// letters, the invoice it pays named in a field below, which had
		// been taken for its title; a Spanish "Recibí"; a Swiss salary
		// certificate.
		{"Kilbride Veterinary Clinic\nPAYMENT RECEIPT   No. R-11842\nReceived with thanks from: Ciarán O'Sullivan\nApplied to invoice INV-22871\nInvoice amount                       €412.50", []string{"receipt"}},
		{"Invoice amount                       €412.50\nInvoice date: 14/08/2024", nil},
		{"TALLERES HERMANOS GIL, S.L.\n\nRECIBÍ\n\nde D.ª Lucía Ferrer Navarro", []string{"receipt"}},
		{"Lohnausweis - Certificat de salaire - Certificato di salario\nA [X] Lohnausweis", []string{"tax_form"}},
		// Found from outside (forty-eighth trial): a credit note e-mailed
		// under its subject, typed other at 0.74; the README counts it an
		// invoice.
		{"Subject: Credit Note CN-08812 against Invoice INV-55190 (damaged cartons)\n\nDear Purchase Ledger team,", []string{"invoice"}},
		// Found from outside (forty-seventh trial): a broadband and mobile
		// bill whose second page is its account's history, recorded as a
		// bank statement at 0.98; a utility's bill by what it bills.
		{"FIBRELINK HOME\nFibrelink Communications Ltd, 2 Harbour Exchange, London E14 9GE VAT Reg No. GB 284 6619 07\n\nYour bill\nBill date: 14 November 2026", []string{"invoice"}},
		{"ELECTRIC & GAS BILL\nAccount 4471", []string{"invoice"}},
		// Found from outside (thirty-ninth trial): an American hospital's
		// bill, typed a medical record at 0.61, and an Italian employer's
		// certificate of pay and tax withheld, typed a contract at 0.55.
		{"ST. AGATHA REGIONAL MEDICAL CENTER\n1200 Riverside Parkway, Dayton, OH 45402\n\nPATIENT STATEMENT\nStatement date: 11/20/2026", []string{"invoice"}},
		{"CERTIFICAZIONE UNICA 2026\nCERTIFICAZIONE DI CUI ALL'ART. 4, COMMI 6-ter e 6-quater", []string{"tax_form"}},
		{"RECEITA FEDERAL DO BRASIL\nRECIBO DE ENTREGA DA DECLARAÇÃO DE AJUSTE ANUAL 2025", []string{"tax_form"}},
		{"Banco del Litoral S.A.\nRESUMEN DE CUENTA - CAJA DE AHORROS EN PESOS", []string{"bank_statement"}},
		// Found from outside (twenty-fourth trial) and in the evaluation:
		// a Turkish till's slip, an online shop's receipt.
		{"KARAKÖY EV GEREÇLERİ TİC. LTD. ŞTİ.\nBİLGİ FİŞİ / SATIŞ FİŞİ\nTarih: 21.06.2025", []string{"receipt"}},
		{"Your order receipt from Northwind Books\n\nOrder #NWB-5521907", []string{"receipt"}},
		// Found from outside (twenty-sixth trial): titles in languages the
		// model has seen little of.
		{"HÓA ĐƠN GIÁ TRỊ GIA TĂNG\nKý hiệu: AA/26E", []string{"invoice"}},
		{"ARCHEB BRYNU\nRhif: AB-2026-114", []string{"purchase_order"}},
		{"НАРАЧКА бр. 114/2026\nДобавувач: Цементарница", []string{"purchase_order"}},
		{"REPUBLIK INDONESIA\nKARTU TANDA PENDUDUK\nNIK : 3204125708930003", []string{"id_document"}},
		{"Pöntun nr. 4471\nDags.: 20.11.2026", []string{"purchase_order"}},
		{"T. GARANTİ BBVA A.Ş.\nHESAP EKSTRESİ\nMüşteri No : 48120976", []string{"bank_statement"}},
		// Found from outside (ninety-sixth and ninety-eighth trials): an
		// Indonesian and a Swahili claim form, the kind of cover after
		// the title's words, typed other.
		{"PT ASURANSI BINTANG NUSANTARA\nFORMULIR KLAIM ASURANSI KEBAKARAN\n\nNomor Polis: 02-KBR-2024-118734", []string{"insurance_claim"}},
		{"BIMA YA MKATE LTD\nFOMU YA MADAI YA BIMA - MALI NA BIASHARA\nNambari ya polisi: KE-88120", []string{"insurance_claim"}},
		// Found from outside (twenty-seventh trial): an insurance policy's
		// schedule, the contract, recorded as a claim at 1.00.
		{"Harbourside Home Insurance — Policy Schedule\nYour Home Insurance Policy Schedule\nPolicyholder", []string{"contract"}},
		// Found from outside (twenty-eighth trial): a claim form's field
		// "Passport number: 561842097" was taken for an identity
		// document's title and its number; the claim went to review typed
		// as an id document.
		{"TRAILHEAD TRAVEL PROTECTION\nTrip Interruption and Emergency Medical Claim Form\nClaims Department, PO Box 29810, Columbus, OH 43229\n\nSECTION A - INSURED\nPolicy number:        TTP-4471-2290-US\nName of insured:      Daniel J. Okafor\nPassport number:      561842097", nil},
		// Found from outside (fiftieth trial): the same field in a table
		// of labels and values, no colon, in an airline's e-ticket
		// receipt, typed id_document. In capitals a title keeps its
		// number apart ("INVOICE NO   4471").
		{"HANBIT AIR\ne-Ticket Receipt & Itinerary\n\nPassenger Name       LEE/JIWON MS\nPassport Number      M71840293\nTicket Number        988 2417736051", nil},
		{"ACME SUPPLIES LTD\nINVOICE NO   4471\nDate 3 March 2026", []string{"invoice"}},
		// Found from outside (fiftieth trial): a landlord's letter
		// declaring a deposit received, recorded as a contract; its
		// e-mail-style subject names it before a dash and goes on after.
		{"Lisboa, 3 de fevereiro de 2026\n\nExma. Senhora\nDra. Claire Fontaine\n\nAssunto: Declaração de recebimento da caução — contrato de arrendamento de 1 de fevereiro de 2026\n\nExma. Senhora,", []string{"receipt"}},
		{"Oggetto: Denuncia di sinistro - Polizza Abitazione n. 0917/44/2281930 intestata a Mario Rossi, Via Roma 4", []string{"insurance_claim"}},
		// Found from outside (fiftieth trial): a Greek clinic's bill, its
		// title in capitals but for its number's label, typed as a
		// medical record.
		{"IATRIKO KENTRO CHANIA - MEDICAL CENTRE CHANIA\nLeoforos Kydonias 74, 73135 Chania, Kriti\n\nTIMOLOGIO PAROCHIS YPIRESION / INVOICE No. 2026-A-01877\nDate: 14/07/2026", []string{"invoice"}},
		// Found from outside (fiftieth trial): a hotel's invoice forwarded
		// by e-mail, its title below both messages' headers; the
		// passport's field in it and in a claim is no title.
		{"From: Travel Desk <td@example.com>\nTo: Expenses <ap@example.com>\nDate: Tue, 10 Mar 2026 09:14:22 +0800\nSubject: FW: Your stay - Marina Quay Hotel\n\nHi team, forwarding the bill.\n\n---------- Forwarded message ---------\nFrom: Marina Quay Hotel <fo@example.com>\nDate: Mon, 9 Mar 2026 at 11:02\nSubject: Your stay - Marina Quay Hotel\nTo: guest@example.com\n\nDear Ms Venkatesan,\nPlease find your bill below.\n\nMARINA QUAY HOTEL PTE LTD\n8 Raffles Quay Link, Singapore 048583\n\nTAX INVOICE                      Room 2308\nGuest: Priya Venkatesan          Passport: K4829173", []string{"invoice"}},
		{"Dear Sir or Madam,\nI am writing about my lost bag.\nPassport: 128845301\nFlight: BA 117", nil},
		// A letter's date is no e-mail's header: the title search stops
		// at its tenth line as before.
		{"DVLA\nSwansea\nSA99 1AB\n\nMiss Chloe Anne Morgan\n58 Heol y Nant\nWhitchurch\nCardiff\nCF14 1JR\n\nDate: 07 November 2025\nOur reference: D1/7740215\n\nYour driving licence\n\nDear Miss Morgan", nil},
		// Found from outside (fifty-first trial): a restaurant's e-mail
		// that is the receipt of a deposit, by its subject, recorded as
		// other; a bill's history line says the same and is no title.
		// A building payment claim is a bill; its contract's field, the
		// value apart after a colon, and a sum's label are no titles.
		{"From: Bookings <bookings@example.co.nz>\nTo: aroha@example.co.nz\nDate: Sat, 22 Nov 2025 16:41:09 +1300\nSubject: Deposit received - your function booking 20 Dec (Ref FF-1187)\n\nKia ora Aroha,", []string{"receipt"}},
		{"ACME ENERGY\nAccount 4471\nPayment received - thank you   -$1,288.14", nil},
		{"From: Fundraising <giving@example.ie>\nTo: donor@example.ie\nSubject: Donation received - thank you, Siobhán\n\nA chara,", []string{"receipt"}},
		{"PAYMENT CLAIM No. 7\nMade under the Building and Construction Industry Security of Payment Act 1999 (NSW)\n\nClaimant:    Delacroix Constructions Pty Ltd\nContract:    AS 4000-1997 (amended), dated 2 December 2024", []string{"invoice"}},
		{"Dear Sir/Madam,\nwe hereby apply for release of the retention money.\n\nRETENTION RELEASE - APPLICATION No. 2 (FINAL)\nContract sum (final account)                        NGN 186,450,000.00", nil},
		// Found from outside (fifty-fifth trial): a hire shop's receipt,
		// the model's at 1.00, offered to review as an invoice; a press
		// card and a Malaysian driver's licence typed other.
		{"LENSCRAFT HIRE PTY LTD\nABN 53 004 085 616\n\nHIRE RECEIPT - TAX INVOICE\nReceipt no.: LCH-R-55192", []string{"invoice", "receipt"}},
		{"NVJ PERSKAART 2027\nNederlandse Vereniging van journalisten\n\nNaam: Sanne de Wit-Kuipers", []string{"id_document"}},
		{"JABATAN PENGANGKUTAN JALAN MALAYSIA\nLESEN MEMANDU KENDERAAN PERKHIDMATAN AWAM (PSV)\nKATEGORI: e-HAILING (EVP)", []string{"id_document"}},
		// Found from outside (fifty-sixth trial): certificates of birth,
		// marriage and death (identity documents), a Polish cash
		// receipt, a gift tax and a succession return, a Danish claim, a
		// Turkish scan report and a Vietnamese vaccination card.
		{"ELLINIKI DIMOKRATIA\nYPOURGEIO ESOTERIKON\nDIMOS THESSALONIKIS - LIXIARCHEIO\nPISTOPOIITIKO GENNISIS\n(Birth Certificate)", []string{"id_document"}},
		{"MAGYARORSZÁG\nHALOTTI ANYAKÖNYVI KIVONAT\nFolyószám: 00381", []string{"id_document"}},
		{"ROMÂNIA\nCERTIFICAT DE CĂSĂTORIE\nSeria C.C. Nr. 418273", []string{"id_document"}},
		{"Salon Sukien Ślubnych \"Biała Róża\" Anna Nowak\nKP - POTWIERDZENIE WPŁATY nr KP/2026/0193\nData: 11.04.2026", []string{"receipt"}},
		{"Finanzamt Freiburg-Stadt - Erbschaft- und Schenkungsteuerstelle\nSteuernummer: 06415/60012\nErklärung zur Schenkungsteuer", []string{"tax_form"}},
		{"DIRECTION GÉNÉRALE DES FINANCES PUBLIQUES N° 2705-S-SD\nDÉCLARATION DE SUCCESSION", []string{"tax_form"}},
		{"Tryg Forsikring A/S\nSKADESANMELDELSE - BRYLLUPSFORSIKRING\nPolicenummer: 6412-887-301", []string{"insurance_claim"}},
		{"T.C. SAĞLIK BAKANLIĞI\nKadın Hastalıkları ve Doğum Kliniği\nOBSTETRİK ULTRASONOGRAFİ RAPORU", []string{"medical_record"}},
		{"BỆNH VIỆN PHỤ SẢN HÀ NỘI\nKhoa Sơ sinh\nPHIẾU TIÊM CHỦNG SƠ SINH", []string{"medical_record"}},
		// Found from outside (fifty-seventh trial): a physiotherapist's
		// e-mail saying a payment was received (typed other), the Danish
		// tax agency's acknowledgement of a VAT return (a receipt at
		// 0.99, held by the tax authority rule), a Kenyan withholding tax
		// certificate whose table's column headings named an invoice.
		{"De : Cabinet de kinésithérapie Delvaux <secretariat@kine-delvaux.be>\nÀ : Olivier Lemaire <olivier.lemaire@skynet.be>\nObjet : Paiement reçu – séances de kinésithérapie novembre\n\nBonjour Monsieur Lemaire,", []string{"receipt"}},
		{"Skattestyrelsen – TastSelv Erhverv\nKvittering for indberetning af moms\nVirksomhed: Fysio & Træning Aarhus ApS\nMOMSANGIVELSE", []string{"tax_form"}},
		{"KENYA REVENUE AUTHORITY\nWITHHOLDING TAX CERTIFICATE\nCertificate No: KRAWHT2026110441827\nInvoice No Invoice Date Gross Amount", []string{"tax_form"}},
		// Found from outside (fifty-eighth trial): a marathon's media
		// accreditation, typed other at 0.80.
		{"AUTHENTIKOS MARATHONIOS ATHINAS 2026\nKARTA DIAPISTEFSIS - MEDIA ACCREDITATION\n\nArithmos diapistefsis: ACC-ATH-26-04417", []string{"id_document"}},
		// Found from outside (fifty-ninth and sixtieth trials): a
		// Norwegian driver's health certificate offered as an identity
		// document by its licence's word; a broker's contract note offered
		// as a contract.
		{"HELSEATTEST FØRERKORT\nLegeerklæring om helsekrav til førerrett (gruppe 2 og 3)\n\nPasient: Kari Nordmann Haugen", []string{"medical_record"}},
		{"HARBOURGATE SECURITIES LIMITED\n(CE No. AAB123) 28/F, Two Exchange Square\n\nCONTRACT NOTE / DAILY STATEMENT", nil},
		// Found from outside (sixty-first trial): a South African bank's
		// statement headed "Tax invoice / Statement no."; a municipality's
		// bill headed "TAX INVOICE / STATEMENT OF ACCOUNT" names both.
		{"FNB AGRI\nFirst National Bank - Business Cheque Account\nTax invoice / Statement no. 118\nAccount holder: Pieter van der Merwe", nil},
		{"MOGALE CREST LOCAL MUNICIPALITY\n\nTAX INVOICE / STATEMENT OF ACCOUNT\n\nAccount holder: T MOKOENA", []string{"invoice", "bank_statement"}},
		// Found from outside (fifty-fourth trial): an air waybill's carbon
		// copy, typed a receipt by its copy's label.
		{"HONG KONG AIR CARGO\nAIR WAYBILL 160-48213675\nCopy 4 - DELIVERY RECEIPT (carbon)", nil},
		// Found from outside (fifty-third trial): an accountant's e-mail
		// forwarding a capital gains tax schedule, typed other.
		{"From: Sunita Rao <sunita@example.com.au>\nTo: James Whitford <jw@example.com>\nDate: Thu, 26 Nov 2026 16:41:09 +1000\nSubject: FW: CGT schedule 2026 for your review\n\nJames,\n\nBefore I lodge your 2026 return, please check the schedule below.\n\n---------- Forwarded message ----------\nCapital gains tax (CGT) schedule 2026\nAustralian Taxation Office", []string{"tax_form"}},
		// Found from outside (twenty-eighth trial): a Turkish purchase
		// requisition, reviewed as unfamiliar text.
		{"EGE TEKSTİL SAN. VE TİC. A.Ş.\nSATINALMA TALEP FORMU\nTalep No: ST-2025-0412", []string{"purchase_order"}},
		// A shorter phrase of the list ("hasar ihbar*") must not end the
		// match before the longer one the title ends with.
		{"BOĞAZİÇİ SİGORTA A.Ş.\nKASKO HASAR İHBAR FORMU\n\nHasar Dosya No  : 2025-K-0418827", []string{"insurance_claim"}},
		{"GÉPJÁRMŰ-FELELŐSSÉGBIZTOSÍTÁSI KÁRBEJELENTŐ\nGenerali Biztosító Zrt.", []string{"insurance_claim"}},
		{"Ceļojumu apdrošināšanas atlīdzības pieteikums\nPolises Nr.: CA 2610", []string{"insurance_claim"}},
		{"PRÍJMOVÝ POKLADNIČNÝ DOKLAD č. 2026/0774\nPrijaté od: Ján Hudák", []string{"receipt"}},
		{"Saatja: Kadri Mets\nTeema: Tellimus nr TP-2026-1189\nTere!", []string{"purchase_order"}},
		{"ÍSLAND / ICELAND\nVEGABRÉF / PASSPORT\nEftirnafn / Surname: JÓNSDÓTTIR", []string{"id_document"}},
		// A form's field whose label starts with a type's words is no
		// title (found from outside: a motor claim's driver).
		{"Al Noor Motors\nDriving licence no.: 1587432 (Dubai)", nil},
		// Found from outside (eighty-fourth trial): a licence's number in
		// a claim's sentence of fields, no title; a licence titled so is.
		{"AVIZARE DE DAUNĂ\nConducător auto: Ion Pop\nPermis de conducere nr. 0048172CJ, categoria B, eliberat 2009", nil},
		{"ROMÂNIA\nPERMIS DE CONDUCERE\n1. POPESCU", []string{"id_document"}},
		// Found from outside (eighty-fourth trial): a Greek periodic VAT
		// return, typed an invoice.
		{"ΑΝΕΞΑΡΤΗΤΗ ΑΡΧΗ ΔΗΜΟΣΙΩΝ ΕΣΟΔΩΝ\nΠΕΡΙΟΔΙΚΗ ΔΗΛΩΣΗ ΦΠΑ (Έντυπο Φ2)                         Αρ. καταχώρισης: 2026-0917-44812", []string{"tax_form"}},
		{"Desjardins Assurances\nContrat collectif no : Q-40218 Certificat : 00773154", nil},
		{"INVOICE No: 4471\nDate: 20.11.2026", []string{"invoice"}},
		// Found from outside (thirtieth trial): the tax agency's
		// acknowledgement of a VAT return names a receipt too; the longer
		// phrase is the title.
		{"SKATTESTYRELSEN\nMOMSANGIVELSE - KVITTERING FOR INDBERETNING\n\nVirksomhed: Nordsø Logistik ApS", []string{"tax_form"}},
		{"HM Revenue & Customs\nVAT Return for period 07/26", []string{"tax_form"}},
		// Found from outside (hundred-and-first trial): the same
		// acknowledgement as a subtitle after a dash; a Kenyan car hire's
		// Swahili receipt of payment.
		{"Skattestyrelsen\nMomsangivelse - kvittering\n\nVirksomhed: Jensens Biludlejning v/ Lars Jensen", []string{"tax_form"}},
		{"CÔNG TY TNHH DU LỊCH VỊNH XANH\nMã số thuế: 0108 472 915\n\nHOA BON GIÁ TRI GIA TANG\nSố: 0004721 Ngay 11 thang 03 nam 2026", []string{"invoice"}},
		{"SAFARI WHEELS CAR HIRE LTD\nMombasa Road, Nyayo Embakasi, Nairobi\n\nSTAKABADHI YA MALIPO\nNa. SW-2026-0418", []string{"receipt"}},

		{"BESTELBON nr. BB-26/1184\nLeverancier: Drukkerij Peeters", []string{"purchase_order"}},
		{"Tømrerfirmaet Bøgh & Søn ApS\nIndustrivej 14\n8600 Silkeborg\nKunde:\nLene Thorsen\nVestergade 22\n8600 Silkeborg\nFAKTURA\nFakturanr.: 2026-0418", []string{"invoice"}},
		// The longer phrase wins: a simplified invoice is a till receipt.
		{"FACTURA SIMPLIFICADA T-2026/08841\nSupermercado", []string{"receipt"}},
		// Not titles: a list's line, a sentence, a label with its value, a
		// subject that is a question, a line past the tenth.
		{"Bring with you:\n- passport photos\n- proof of address", nil},
		{"Acme Ltd\nQuote the order number on your invoice", nil},
		{"Claims department\nRéférence contrat W8055848", nil},
		{"Subject: Question about invoice 215700", nil},
		{"We offer:\nPermanent contract.", nil},
		{"1\n2\na\nb\nc\nd\ne\nf\ng\nh\ni\nj\nINVOICE", nil},
		// Two types named: neither is the title.
		{"Rechnung / Quittung\nBäckerei Krause", []string{"invoice", "receipt"}},
	}
	for _, tt := range tests {
		got, _ := titledTypes(tt.text)
		if !slices.Equal(got, tt.want) {
			t.Errorf("titledTypes(%.50q) = %v, want %v", tt.text, got, tt.want)
		}
	}
}

// An Icelandic order that asks the seller for its "reikningur" (an
// invoice): the model, knowing a tenth of its words, types it invoice at
// 0.99 with no doubt. Its title names an order, so it stays unfamiliar
// and goes to review, the order offered to the reviewer (since the field
// documents of the twenty-first to twenty-third trials, the model knows
// enough Icelandic that the title's disagreement is what sends it, and
// since the twenty-eighth trial's the model hesitates between two types
// too; since the forty-second's the model itself gives the order, at
// 0.56, in doubt between two types, which sends it); a Turkish statement
// whose title names the type the model gave is recorded. Since the
// fifty-first trial's field documents the model gives the order at 0.82
// with no doubt, and it is recorded, its type right; what an unfamiliar
// text does is TestBuiltInUnfamiliarTextGoesToReview's.
func TestOtherLanguagesByTheirTitles(t *testing.T) {
	raw, err := os.ReadFile("../../model/model.json")
	if err != nil {
		t.Fatal(err)
	}
	b, err := NewBuiltIn(raw)
	if err != nil {
		t.Fatal(err)
	}
	pol, err := policy.Parse([]byte(neutralPolicy), nil, pii.Kinds)
	if err != nil {
		t.Fatal(err)
	}
	e := NewEngine(b, pol, "neutral")
	for _, tt := range []struct {
		file, typ string
		review    bool
	}{
		{"testdata/other-languages/purchase_order/14_is.txt", "purchase_order", false},
		{"testdata/other-languages/bank_statement/17_tr.txt", "bank_statement", false},
	} {
		text, err := os.ReadFile(tt.file)
		if err != nil {
			t.Fatal(err)
		}
		d, err := e.Decide(context.Background(), "", Text{Body: string(text), Bytes: int64(len(text))})
		if err != nil {
			t.Fatal(err)
		}
		doubted := slices.Contains(d.RulesFired, RuleUnfamiliar) || slices.Contains(d.RulesFired, RuleTitle) || slices.Contains(d.RulesFired, RuleAmbiguous)
		if d.Type != tt.typ || d.Review != tt.review || doubted != tt.review {
			t.Errorf("%s: type %s at %.2f, review %v, rules %v, titled %q; want %s, review %v, unfamiliar, titled otherwise or in doubt",
				tt.file, d.Type, d.Confidence, d.Review, d.RulesFired, d.Context["model.titled"], tt.typ, tt.review)
		}
	}
}
