import { describe, expect, it } from 'vitest';
import { descreverDias, descreverRegra, momentoEm, regraSchema } from '../../src/shared/usuarios/regras';
import { cidrContains, formatCidr, formatIp, parseCidr, parseIp, type Cidr } from '../../src/shared/validation/cidr';

/** The pure parts of the access rules: networks (IPv4, IPv6, mapped), São Paulo's clock and the words of a window. */
describe('CIDR', () => {
  const net = (s: string): Cidr => {
    const r = parseCidr(s);
    if (!r.ok) throw new Error(s);
    return r.cidr;
  };
  const ip = (s: string) => parseIp(s)!;

  it('parses and matches IPv4 and IPv6 networks, and takes an IPv4-mapped address as its IPv4', () => {
    expect(cidrContains(net('10.0.0.0/8'), ip('10.255.1.2'))).toBe(true);
    expect(cidrContains(net('10.0.0.0/8'), ip('11.0.0.1'))).toBe(false);
    expect(cidrContains(net('192.168.1.7'), ip('192.168.1.7'))).toBe(true);
    expect(cidrContains(net('192.168.1.7'), ip('192.168.1.8'))).toBe(false);
    expect(cidrContains(net('0.0.0.0/0'), ip('203.0.113.9'))).toBe(true);
    expect(cidrContains(net('2001:db8::/32'), ip('2001:db8:ffff::1'))).toBe(true);
    expect(cidrContains(net('2001:db8::/32'), ip('2001:db9::1'))).toBe(false);
    expect(cidrContains(net('10.0.0.0/8'), ip('::ffff:10.1.1.1'))).toBe(true);
    expect(cidrContains(net('::1'), ip('::1'))).toBe(true);
    // an IPv4 network never matches an IPv6 address
    expect(cidrContains(net('0.0.0.0/0'), ip('2001:db8::1'))).toBe(false);
  });

  it('refuses malformed input and host bits beyond the prefix, naming the network meant', () => {
    for (const s of ['10.0.0.300', '10.0.0', '010.0.0.1', '10.0.0.0/33', '10.0.0.0/8/1', 'abc', '1:2:3:4:5:6:7:8:9', '1::2::3', '::ffff:10.0.0.0/104', '2001:db8::/129', '', '/8'])
      expect(parseCidr(s).ok, s).toBe(false);
    expect(parseCidr('192.168.1.10/24')).toEqual({ ok: false, hostBits: '192.168.1.0/24' });
    expect(parseCidr('2001:db8::1/32')).toEqual({ ok: false, hostBits: '2001:db8::/32' });
  });

  it('writes networks back in their short form', () => {
    expect(formatCidr(net('2001:0db8:0000:0000:0000:0000:0000:0000/32'))).toBe('2001:db8::/32');
    expect(formatCidr(net('10.1.0.0/16'))).toBe('10.1.0.0/16');
    expect(formatIp(ip('fe80:0:0:1::'))).toBe('fe80:0:0:1::');
    expect(formatIp(ip('1:0:0:2:0:0:0:3'))).toBe('1:0:0:2::3');
  });
});

describe('the rules’ clock and words', () => {
  it('reads São Paulo’s weekday, minutes and day, whatever the machine’s zone', () => {
    expect(momentoEm(new Date('2031-03-12T22:30:00Z'))).toEqual({ dia: 3, minutos: 19 * 60 + 30, data: '2031-03-12' });
    // 01:30 UTC on Thursday is still Wednesday 22:30 in São Paulo
    expect(momentoEm(new Date('2031-03-13T01:30:00Z'))).toEqual({ dia: 3, minutos: 22 * 60 + 30, data: '2031-03-12' });
  });

  it('says the days as one reads them', () => {
    expect(descreverDias([1, 2, 3, 4, 5])).toBe('seg a sex');
    expect(descreverDias([0, 6])).toBe('sáb e dom');
    expect(descreverDias([1, 3, 5])).toBe('seg, qua e sex');
    expect(descreverDias([5, 6, 0])).toBe('sex a dom');
    expect(descreverDias([0, 1, 2, 3, 4, 5, 6])).toBe('todos os dias');
    expect(descreverDias([2])).toBe('ter');
  });

  it('normalises a rule and says it in words (networks only for the administrator)', () => {
    const r = regraSchema.parse({ dias: [5, 1, 1], horaInicio: '07:00', horaFim: '24:00', dataInicio: '01/03/2031', processoDatas: 'FATURAMENTO', enderecos: [' 10.0.0.0/8 ', '10.0.0.0/8', ''] });
    expect(r).toEqual({ dias: [1, 5], horaInicio: '07:00', horaFim: '24:00', dataInicio: '2031-03-01', dataFim: null, processoDatas: 'FATURAMENTO', enderecos: ['10.0.0.0/8'] });
    expect(descreverRegra(r)).toBe('seg e sex, das 07:00 às 24:00, a partir de 01/03/2031, nas datas liberadas de Faturamento (Permissões de Datas)');
    expect(descreverRegra(r, true)).toBe('seg e sex, das 07:00 às 24:00, a partir de 01/03/2031, nas datas liberadas de Faturamento (Permissões de Datas), só de 10.0.0.0/8');
  });
});
