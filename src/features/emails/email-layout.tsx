// The one layout every customer email is drawn in (react-email's components, which write the table-based,
// inline-styled HTML mail programs need): the dealer's header with logo and name in the shop's colours, the
// email's heading and blocks, and a footer with the dealer's address, contact details and VAT number.
import { Body } from '@react-email/body'
import { Button } from '@react-email/button'
import { Container } from '@react-email/container'
import { Head } from '@react-email/head'
import { Heading } from '@react-email/heading'
import { Hr } from '@react-email/hr'
import { Html } from '@react-email/html'
import { Img } from '@react-email/img'
import { Link } from '@react-email/link'
import { Preview } from '@react-email/preview'
import { Section } from '@react-email/section'
import { Text } from '@react-email/text'
import type { CSSProperties, ReactNode } from 'react'
import type { EmailBrand } from '../../domain/emails/email-brand'
import { previewOf, type EmailBlock, type EmailContent } from '../../domain/emails/email-content'
import { FIGURES_ATTRIBUTE } from '../../lib/text/email-text'

const INK = '#14202e'
const MUTED = '#46515f'
const LINE = '#c5ccd6'

const styles = {
  body: { backgroundColor: '#eef1f5', margin: 0, padding: '16px 0', fontFamily: 'Arial, Helvetica, sans-serif', color: INK },
  container: { maxWidth: '600px', backgroundColor: '#ffffff', border: `1px solid ${LINE}` },
  content: { padding: '8px 24px 16px' },
  h1: { fontSize: '22px', lineHeight: '28px', margin: '16px 0 8px', color: INK },
  h2: { fontSize: '17px', lineHeight: '24px', margin: '20px 0 4px', color: INK },
  text: { fontSize: '15px', lineHeight: '23px', margin: '8px 0', color: INK },
  small: { fontSize: '13px', lineHeight: '20px', margin: '8px 0', color: MUTED },
  label: { padding: '4px 16px 4px 0', fontSize: '15px', lineHeight: '22px', textAlign: 'left', verticalAlign: 'top' },
  value: { padding: '4px 0', fontSize: '15px', lineHeight: '22px', textAlign: 'right', verticalAlign: 'top', whiteSpace: 'nowrap' },
  box: { border: `1px solid ${LINE}`, padding: '4px 16px', margin: '12px 0' },
  footer: { padding: '0 24px 16px' },
} satisfies Record<string, CSSProperties>

function Block({ block, brand }: { readonly block: EmailBlock; readonly brand: EmailBrand }): ReactNode {
  switch (block.kind) {
    case 'text':
      return <Text style={block.small ? styles.small : styles.text}>{block.text}</Text>
    case 'heading':
      return <Heading as="h2" style={styles.h2}>{block.text}</Heading>
    case 'rows':
      return (
        <table role="presentation" {...{ [FIGURES_ATTRIBUTE]: 'true' }} cellPadding={0} cellSpacing={0} style={{ borderCollapse: 'collapse', margin: '8px 0', minWidth: '60%' }}>
          <tbody>
            {block.rows.map((r, i) => (
              <tr key={i} style={r.ruleAbove ? { borderTop: `1px solid ${LINE}` } : undefined}>
                <th scope="row" style={{ ...styles.label, fontWeight: r.strong ? 'bold' : 'normal' }}>{r.label}</th>
                <td style={{ ...styles.value, fontWeight: r.strong ? 'bold' : 'normal' }}>{r.value}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )
    case 'list':
      return <ul style={{ ...styles.text, paddingLeft: '20px' }}>{block.items.map((item, i) => <li key={i} style={{ margin: '2px 0' }}>{item}</li>)}</ul>
    case 'box':
      return (
        <Section style={styles.box}>
          <Heading as="h3" style={{ ...styles.h2, fontSize: '16px', margin: '12px 0 4px' }}>{block.heading}</Heading>
          {block.blocks.map((b, i) => <Block key={i} block={b} brand={brand} />)}
        </Section>
      )
    case 'button':
      return (
        <Section style={{ margin: '16px 0' }}>
          <Button href={block.url} style={{ backgroundColor: brand.accentColour, color: '#ffffff', fontSize: '15px', fontWeight: 'bold', padding: '12px 20px', borderRadius: '4px', textDecoration: 'none' }}>{block.label}</Button>
        </Section>
      )
    case 'link':
      return (
        <Text style={styles.text}>
          {block.before ? `${block.before} ` : ''}
          <Link href={block.url} style={{ color: INK, textDecoration: 'underline' }}>{block.label}</Link>
          {block.after ? ` ${block.after}` : ''}
        </Text>
      )
  }
}

export function EmailLayout({ content, brand }: { readonly content: EmailContent; readonly brand: EmailBrand }) {
  const contact = [brand.phone, brand.email].filter(Boolean).join(' · ')
  return (
    <Html lang="en-GB" dir="ltr">
      <Head>
        <title>{content.subject}</title>
        <meta name="color-scheme" content="light" />
      </Head>
      <Preview>{previewOf(content)}</Preview>
      <Body style={styles.body}>
        <Container style={styles.container}>
          {/* The header repeats the sender's name: the text part leaves it out. */}
          <Section style={{ backgroundColor: brand.headerColour, padding: '12px 24px' }} data-skip-in-text="true">
            <table role="presentation" cellPadding={0} cellSpacing={0}>
              <tbody>
                <tr>
                  <td style={{ paddingRight: '12px', verticalAlign: 'middle' }}>
                    <Img src={brand.logoUrl} width="40" height="40" alt="" style={{ display: 'block', borderRadius: '6px' }} />
                  </td>
                  <td style={{ verticalAlign: 'middle' }}>
                    <Link href={brand.siteUrl} style={{ color: '#ffffff', fontSize: '20px', fontWeight: 'bold', textDecoration: 'none' }}>{brand.name}</Link>
                  </td>
                </tr>
              </tbody>
            </table>
          </Section>
          <Section style={styles.content}>
            <Heading as="h1" style={styles.h1}>{content.heading}</Heading>
            {content.blocks.map((b, i) => <Block key={i} block={b} brand={brand} />)}
          </Section>
          <Section style={styles.footer}>
            <Hr style={{ borderColor: LINE, margin: '0 0 8px' }} />
            <Text style={styles.small}>
              {brand.name}
              {brand.addressLines.length ? `, ${brand.addressLines.join(', ')}` : ''}
              {contact ? ` · ${contact}` : ''}
            </Text>
            <Text style={styles.small}>
              <Link href={brand.siteUrl} style={{ color: MUTED, textDecoration: 'underline' }}>{brand.siteUrl}</Link>
              {brand.vatNumber ? ` · VAT registration number ${brand.vatNumber}` : ''}
            </Text>
          </Section>
        </Container>
      </Body>
    </Html>
  )
}
