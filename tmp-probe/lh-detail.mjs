import lighthouse from 'lighthouse'
import { launchChrome } from '../bench/lighthouse-lib.mjs'
const url = process.argv[2]
const chrome = await launchChrome()
try {
  for (let i = 0; i < Number(process.argv[3] || 1); i++) {
  const { lhr } = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] })
  const a = lhr.audits
  console.log('FCP', a['first-contentful-paint'].numericValue.toFixed(0), 'LCP', a['largest-contentful-paint'].numericValue.toFixed(0), 'TBT', a['total-blocking-time'].numericValue.toFixed(0), 'SI', a['speed-index'].numericValue.toFixed(0))
  const el = a['largest-contentful-paint-element']?.details?.items
  for (const it of el ?? []) {
    if (it.items?.[0]?.node) console.log(' element', it.items[0].node.snippet?.slice(0, 160), it.items[0].node.selector)
    else if (it.items) console.log(' phases', JSON.stringify(it.items.map((p) => [p.phase, Math.round(p.timing)])))
  }
  const rb = a['render-blocking-resources']?.details?.items ?? []
  console.log(' render-blocking', rb.map((r) => r.url.replace(/^.*\//, '') + ':' + Math.round(r.wastedMs)).join(' '))
  const mt = a['mainthread-work-breakdown']?.details?.items ?? []
  console.log(' mainthread', mt.map((r) => r.group + ':' + Math.round(r.duration)).join(' '))
  const bt = a['bootup-time']?.details?.items ?? []
  console.log(' bootup', bt.slice(0, 6).map((r) => r.url.replace(/^.*\//, '') + ':' + Math.round(r.total) + '/' + Math.round(r.scripting)).join(' '))
  const nr = a['network-requests']?.details?.items ?? []
  console.log(' requests', nr.map((r) => `${r.url.replace(/^https?:\/\/[^/]+/, '').slice(0, 50)} ${Math.round(r.networkRequestTime)}-${Math.round(r.networkEndTime)} ${r.priority} ${Math.round(r.transferSize/1024)}K`).join('\n   '))
  }
} finally { await chrome.kill() }
